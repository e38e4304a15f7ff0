import type { InertiaSessionBridge } from '../inertia';

import type { Request } from 'express';

const NEXT_PAGE = 'flash.next_page';
const delivered = new WeakMap<Request, Record<string, unknown>>();

/**
 * This request's flash messages: those flashed by the previous request, and notices waiting for
 * the next page (taken now, unless this is a prefetch, which the user may never see).
 */
function pageFlash(req: Request): Record<string, unknown> {
  let flash = delivered.get(req);
  if (!flash) {
    const waiting = req.get('purpose') === 'prefetch' ? undefined : req.session.pull<Record<string, unknown>>(NEXT_PAGE);
    flash = { ...(req.session.get<Record<string, unknown>>('flash') ?? {}), ...(waiting ?? {}) };
    delivered.set(req, flash);
  }
  return flash;
}

/** Errors and flash messages travel between requests as flashed session values. */
export const sessionBridge: InertiaSessionBridge = {
  errors: (req) => (req.session.get<Record<string, unknown>>('errors') ?? {}),
  flashErrors: (req, errors) => req.session.flash('errors', errors),
  flash: pageFlash,
  reflash: (req) => req.session.reflash(),
  clearHistory: (req) => req.session.get('inertia.clear_history') === true,
};

/** The next page tells the browser to drop the key of its encrypted history (after signing out). */
export function flashClearHistory(req: Express.Request): void {
  req.session.flash('inertia.clear_history', true);
}

/**
 * A message for the next *page* the user sees, however many other requests (a websocket's auth,
 * an API call) come first: for what the server notices on its own, not in answer to a form.
 */
export function noticeForNextPage(req: Request, type: 'success' | 'error' | 'info', message: string): void {
  req.session.put(NEXT_PAGE, { ...(req.session.get<Record<string, string>>(NEXT_PAGE) ?? {}), [type]: message });
}

/** Flash a message (`success` or `error`) for the next page. */
export function flash(req: Express.Request, type: 'success' | 'error' | 'info', message: string): void {
  const current = req.session.get<Record<string, string>>('flash') ?? {};
  req.session.flash('flash', { ...current, [type]: message });
}
