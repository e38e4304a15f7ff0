import { STATUS_CODES } from 'node:http';
import type { Request, Response } from 'express';
import { ConflictError, HttpError, ValidationError, defaultMessages } from '../../errors';
import { requestLocale } from '../../i18n/locale';
import { hasMessage, localize, localizeDeep, msg } from '../../i18n/message';

/**
 * RFC 9457 problem details, the API's one error shape: `type` names the kind of problem (a URN of
 * ours, or `about:blank` when the status says it all), `title` the status's name, `detail` a
 * sentence in the request's language (Accept-Language), `errors` the fields' messages (422).
 */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: Record<string, string[]>;
}

export const PROBLEM_TYPES = {
  validation: 'urn:boardly:problem:validation-failed',
  preconditionFailed: 'urn:boardly:problem:precondition-failed',
  preconditionRequired: 'urn:boardly:problem:precondition-required',
  rateLimited: 'urn:boardly:problem:rate-limited',
} as const;

/** A problem a handler raises on purpose (412, 428, 429 …), with its own type. */
export class ProblemError extends HttpError {
  constructor(
    status: number,
    readonly type: string,
    message?: string,
    headers: Record<string, string> = {},
  ) {
    super(status, message, headers);
  }
}

/** The problem an error becomes; anything unknown is a 500 that says nothing of its cause. */
export function problemOf(req: Request, error: unknown): { problem: Problem; headers: Record<string, string> } {
  const locale = requestLocale(req);
  const title = (status: number) => STATUS_CODES[status] ?? 'Error';
  if (error instanceof ValidationError) {
    // A stale version is a failed precondition (If-Match); the API never sends one in a body.
    if (error instanceof ConflictError)
      return { problem: { type: PROBLEM_TYPES.preconditionFailed, title: title(412), status: 412, detail: localize(locale, msg('api.problems.stale')) }, headers: {} };
    const errors = Object.fromEntries(Object.entries(localizeDeep(locale, error.errors)).map(([field, message]) => [field, [message]]));
    const status = error.status;
    return { problem: { type: PROBLEM_TYPES.validation, title: title(status), status, detail: localize(locale, msg('api.problems.invalid')), errors }, headers: {} };
  }
  const status = errorStatus(error);
  if (error instanceof HttpError) {
    const type = error instanceof ProblemError ? error.type : 'about:blank';
    return { problem: { type, title: title(status), status, detail: localize(locale, detailOf(status, error.message)) }, headers: error.headers };
  }
  if (status !== 500) return { problem: { type: 'about:blank', title: title(status), status, detail: localize(locale, detailOf(status)) }, headers: {} };
  return { problem: { type: 'about:blank', title: title(500), status: 500, detail: localize(locale, msg('api.problems.server')) }, headers: {} };
}

/** The API's own words for a status (a page's "the page could not be found" says nothing to a program). */
function detailOf(status: number, message?: string): string {
  const generic = message === undefined || message === 'Error' || message === defaultMessages[status];
  if (!generic) return message;
  return hasMessage(`api.problems.status.${status}`) ? msg(`api.problems.status.${status}`) : (defaultMessages[status] ?? msg('messages.errors.error'));
}

/** Errors from body-parser carry their status (400 unreadable JSON, 413 too large, 415 charset). */
function errorStatus(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
}

export function sendProblem(req: Request, res: Response, error: unknown): void {
  const { problem, headers } = problemOf(req, error);
  if (problem.status >= 500) req.log?.error({ err: error }, 'api request failed');
  if (res.headersSent) return void res.end();
  res.status(problem.status).set(headers).type('application/problem+json').send(JSON.stringify(problem));
}
