import type { InertiaSessionBridge } from '../inertia';

import type { Request } from 'express';
import { requestLocale } from '../i18n/locale';
import { localizeDeep, restoreMessages, storedMessages } from '../i18n/message';

const NEXT_PAGE = 'flash.next_page';
const delivered = new WeakMap<Request, Record<string, unknown>>();

/**
 * This request's flash messages, for a page it renders: those waiting for the next page (taken
 * now, unless this is a prefetch, which the user may never see), and any a protocol layer
 * flashed the classic way (session.flash('flash', …): for the next request only).
 */
function pageFlash(req: Request): Record<string, unknown> {
  let flash = delivered.get(req);
  if (!flash) {
    const waiting = req.get('purpose') === 'prefetch' ? undefined : req.session.pull<Record<string, unknown>>(NEXT_PAGE);
    flash = { ...(req.session.get<Record<string, unknown>>('flash') ?? {}), ...(waiting ?? {}) };
    flash = localizeDeep(requestLocale(req), restoreMessages(flash));
    delivered.set(req, flash);
  }
  return flash;
}

/** Errors and flash messages travel between requests as flashed session values. */
export const sessionBridge: InertiaSessionBridge = {
  // Messages are translated here, when shown: the language may have changed since they were made.
  // Stored as data (storedMessages): sealed messages would not survive a restart or another node.
  errors: (req) => localizeDeep(requestLocale(req), restoreMessages(req.session.get<Record<string, unknown>>('errors') ?? {})),
  flashErrors: (req, errors) => req.session.flash('errors', storedMessages(errors)),
  flash: pageFlash,
  reflash: (req) => req.session.reflash(),
  clearHistory: (req) => req.session.get('inertia.clear_history') === true,
};

/** The next page tells the browser to drop the key of its encrypted history (after signing out). */
export function flashClearHistory(req: Express.Request): void {
  req.session.flash('inertia.clear_history', true);
}

/**
 * A message (`success`, `error`, `info`) for the next *page* the user sees: this one if the
 * request renders one, else the page its redirects lead to, however many other requests come
 * first (a guard's second redirect, a websocket's auth, an API call). Shown once.
 */
export function flash(req: Request, type: 'success' | 'error' | 'info', message: string): void {
  // `message` is best a msg(...) (i18n/message.ts): it is translated when shown.
  req.session.put(NEXT_PAGE, { ...(req.session.get<Record<string, unknown>>(NEXT_PAGE) ?? {}), [type]: storedMessages(message) });
}

/** Structured data for the next page's flash (an undo offer…), delivered like `flash`. */
export function flashData(req: Request, key: string, value: unknown): void {
  req.session.put(NEXT_PAGE, { ...(req.session.get<Record<string, unknown>>(NEXT_PAGE) ?? {}), [key]: storedMessages(value) });
}
