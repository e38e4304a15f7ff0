import type { InertiaSessionBridge } from '../inertia';

/** Errors and flash messages travel between requests as flashed session values. */
export const sessionBridge: InertiaSessionBridge = {
  errors: (req) => (req.session.get<Record<string, unknown>>('errors') ?? {}),
  flashErrors: (req, errors) => req.session.flash('errors', errors),
  flash: (req) => (req.session.get<Record<string, unknown>>('flash') ?? {}),
  reflash: (req) => req.session.reflash(),
  clearHistory: (req) => req.session.get('inertia.clear_history') === true,
};

/** The next page tells the browser to drop the key of its encrypted history (after signing out). */
export function flashClearHistory(req: Express.Request): void {
  req.session.flash('inertia.clear_history', true);
}

/** Flash a message (`success` or `error`) for the next page. */
export function flash(req: Express.Request, type: 'success' | 'error' | 'info', message: string): void {
  const current = req.session.get<Record<string, string>>('flash') ?? {};
  req.session.flash('flash', { ...current, [type]: message });
}
