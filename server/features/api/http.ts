import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { msg } from '../../i18n/message';
import { versionOf } from '../../lib/concurrency';
import type { OrgActor } from '../../tenancy/acting';
import { apiActor, requireAbility, requireApiToken, type ApiTokenIdentity } from '../../tenancy/api-token';
import type { ApiAbility } from '../../../shared/api-abilities';
import { path } from '../../../shared/routes';
import { PROBLEM_TYPES, ProblemError, sendProblem } from './problem';

/** Requests per token per window (IETF RateLimit headers on every answer). */
export const API_RATE_LIMIT = 120;
export const API_RATE_WINDOW_SECONDS = 60;

/** Bodies: JSON only, at most 1 MB (larger: 413 problem). */
const parseJson = express.json({ limit: '1mb', type: () => true, strict: true });

/** API answers are personal data: never stored by a cache, never a cookie. */
const apiHeaders: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** Counts the request against its token's window and says so in the headers; over the limit, 429. */
function rateLimit(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    const key = `api-token:${req.apiToken!.id}`;
    const hits = await ctx.limiter.hit(key, API_RATE_WINDOW_SECONDS);
    const reset = Math.max(1, await ctx.limiter.availableIn(key));
    res.set({ 'RateLimit-Limit': String(API_RATE_LIMIT), 'RateLimit-Remaining': String(Math.max(0, API_RATE_LIMIT - hits)), 'RateLimit-Reset': String(reset) });
    res.set('RateLimit-Policy', `${API_RATE_LIMIT};w=${API_RATE_WINDOW_SECONDS}`);
    if (hits > API_RATE_LIMIT) return next(new ProblemError(429, PROBLEM_TYPES.rateLimited, msg('api.problems.rateLimited'), { 'Retry-After': String(reset) }));
    next();
  };
}

/** A JSON body (an object), or none; any other media type is refused (415). */
const jsonBody: RequestHandler = (req, res, next) => {
  const hasBody = req.headers['content-length'] !== undefined ? req.headers['content-length'] !== '0' : req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) {
    req.body = {};
    return next();
  }
  if (!req.is(['application/json', 'application/merge-patch+json', 'application/*+json'])) return next(new HttpError(415));
  parseJson(req, res, (error?: unknown) => {
    if (error) return next(error);
    if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) return next(new HttpError(400, msg('api.problems.notAnObject')));
    next();
  });
};

const problems = (error: unknown, req: Request, res: Response, _next: NextFunction) => sendProblem(req, res, error);

/**
 * One API operation's chain: a live bearer token (401), its rate limit (429), the ability (403),
 * the JSON body, the handler; any error becomes a problem+json answer here, in the route, so no
 * API request ever reaches the session, CSRF or the page error handler.
 */
export function operation(ctx: AppContext, ability: ApiAbility, handler: (req: Request, res: Response) => Promise<void>): RequestHandler[] {
  return [apiHeaders, requireApiToken(ctx), rateLimit(ctx), requireAbility(ability), jsonBody, handler, problems as unknown as RequestHandler];
}

/** A public operation (the OpenAPI document): no token, no body. */
export function publicOperation(handler: (req: Request, res: Response) => Promise<void> | void): RequestHandler[] {
  return [handler as RequestHandler, problems as unknown as RequestHandler];
}

/** The API's first path segment, from the route table ('/api'). */
const API_ROOT = path('api.openapi').split('/').slice(0, 2).join('/');

/** Any other path under /api: a 404 problem (never the HTML page, never a cookie). */
export const apiNotFound: RequestHandler = (req, res, next) => (req.path === API_ROOT || req.path.startsWith(`${API_ROOT}/`) ? sendProblem(req, res, new HttpError(404)) : next());

/** The token's organisation, acting as the token (the activity log names it as the causer). */
export function tokenActing(req: Request): OrgActor & { token: { id: number; name: string } } {
  const token = req.apiToken as ApiTokenIdentity;
  const actor = apiActor(req, token);
  return { ...actor, token: { id: token.id, name: token.name }, organization: { ...token.organization, role: null, two_factor_missing: false } };
}

/** ETag of a record: its version, as the forms carry it (ADR 0025), quoted. */
export const etagOf = (updatedAt: Date) => `"${versionOf(updatedAt)}"`;

/**
 * The version an update must match, from `If-Match` (428 without one, `*` matches any): the same
 * optimistic-concurrency rule as the forms, whose stale saves the service refuses (412 here).
 */
export function ifMatchVersion(req: Request): string | undefined {
  const header = req.get('if-match')?.trim();
  if (!header) throw new ProblemError(428, PROBLEM_TYPES.preconditionRequired, msg('api.problems.ifMatchRequired'));
  if (header === '*') return undefined;
  const match = /^(?:W\/)?"([^"]{1,64})"$/.exec(header.split(',')[0].trim());
  if (!match) throw new ProblemError(412, PROBLEM_TYPES.preconditionFailed, msg('api.problems.stale'));
  return match[1];
}
