import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { clientError } from './client-errors';
import { databaseUnavailable, renderWithoutDatabase } from './database-errors';
import { HttpError, ValidationError, defaultMessages } from '../errors';
import { Session, newSessionId } from './session';
import { NO_INDEX } from '../lib/meta-tags';
import { requestLocale } from '../i18n/locale';
import { localize, localizeDeep, msg, storedMessages, translator } from '../i18n/message';

export interface ErrorHandlerOptions {
  showDetails: boolean;
  /**
   * The Inertia middleware, for errors raised before it ran (the session middleware's own database
   * read): the error page is still a page, not JSON.
   */
  inertia?: RequestHandler;
}

/** Pages that are not Inertia visits and asked for JSON (axios calls, API clients). */
const wantsJson = (req: Request) => !req.isInertia && !!req.accepts(['html', 'json']) && req.accepts(['html', 'json']) === 'json';

/** Error texts are translated here, into the request's language (the user's, else the browser's). */
export async function renderError(req: Request, res: Response, status: number, message?: string, details?: string): Promise<void> {
  const locale = requestLocale(req);
  const t = translator(locale);
  const text = localize(locale, message ?? defaultMessages[status] ?? msg('messages.errors.error'));
  if (wantsJson(req) || !res.inertia) {
    res.status(status).json({ message: text });
    return;
  }
  const component = status === 404 ? 'Errors/404' : 'Errors/Error';
  const known = status in defaultMessages || status === 404;
  const name = known ? t(`messages.errors.title.${status}`) : t('messages.errors.error');
  const title = status === 404 ? name : t('messages.errors.titleWithStatus', { status: String(status), title: name });
  // The status's own message says nothing the page's text does not: the page leaves it out.
  const generic = message === undefined || message === defaultMessages[status];
  await res.inertia.render(component, { status, message: text, ...(generic ? { generic: true } : {}), ...(details ? { details } : {}) }, { status, title, head: NO_INDEX });
}

export function notFoundHandler(req: Request, res: Response) {
  return renderError(req, res, 404);
}

export function errorHandler(options: ErrorHandlerOptions) {
  // Express recognises error middleware by its four parameters.
  return async (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      req.log?.error({ err: error }, 'error after headers were sent');
      res.destroy();
      return;
    }
    try {
      if (!preparePage(req, res, options)) return;
      if (error instanceof ValidationError) {
        if (wantsJson(req)) {
          const locale = requestLocale(req);
          return void res.status(error.status).json({ message: localize(locale, error.message), errors: localizeDeep(locale, error.errors) });
        }
        // A request that is not a form (a script posting a too-large upload) gets its status.
        if (!req.isInertia && error.status !== 422) return await renderError(req, res, error.status, error.message);
        return res.inertia.validationFailed(error.errors);
      }
      const unavailable = databaseUnavailable(error);
      if (unavailable) {
        req.log?.warn({ err: error }, 'database unavailable');
        renderWithoutDatabase(req);
      }
      const httpError = unavailable ?? (error instanceof HttpError ? error : null);
      let status = 500;
      let message: string | undefined;
      if (httpError) {
        status = httpError.status;
        message = httpError.message;
        res.set(httpError.headers);
      } else {
        const client = clientError(error);
        if (client) ({ status, message } = client);
        if (client?.fromDatabase) req.log?.warn({ err: error }, 'the database refused a value from the request');
      }
      if ((status === 419 || status === 429) && req.isInertia && req.session && req.method !== 'GET') {
        // An expired or throttled form is not an error page: go back and say so.
        req.session.flash('flash', storedMessages({ error: status === 419 ? defaultMessages[419] : (message ?? defaultMessages[429]) }));
        return res.inertia.back();
      }
      if (status >= 500 && !unavailable) req.log?.error({ err: error }, 'request failed');
      // An outage is not a bug: its stack would tell a developer nothing.
      const details = status >= 500 && !unavailable && options.showDetails && error instanceof Error ? error.stack : undefined;
      await renderError(req, res, status, status >= 500 && !httpError ? undefined : message, details);
    } catch (renderFailure) {
      req.log?.error({ err: renderFailure, original: error }, 'error page failed');
      if (!res.headersSent) res.status(500).type('text').send('Server error');
    }
  };
}

/**
 * An error raised before the session or Inertia middleware ran still gets a page: a throwaway
 * guest session (never saved: only the session middleware saves) and the Inertia adapter.
 * False when the adapter answered by itself (a stale asset version: the client reloads).
 */
function preparePage(req: Request, res: Response, options: ErrorHandlerOptions): boolean {
  if (!req.session) req.session = new Session(newSessionId(), {}, null, false, true);
  if (res.inertia || !options.inertia) return true;
  let attached = false;
  void options.inertia(req, res, () => (attached = true));
  return attached;
}
