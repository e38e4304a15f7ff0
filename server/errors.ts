import { msg } from './i18n/message';

/**
 * An error that carries the HTTP status the user should see. Its message is best a `msg(...)`
 * (or the status's default, one): the error handler translates it into the request's language.
 */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message?: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message ?? defaultMessages[status] ?? 'Error');
  }
}

/** Each status's message (`messages.errors.status.<code>`), translated where it is shown. */
export const defaultMessages: Record<number, string> = Object.fromEntries([400, 403, 404, 405, 413, 415, 419, 429, 500, 503].map((status) => [status, msg(`messages.errors.status.${status}`)]));

export const notFound = (message?: string) => new HttpError(404, message);
export const forbidden = (message?: string) => new HttpError(403, message);

/**
 * Fields that failed validation: the page goes back with these messages. `status` is what a
 * client that is not the page gets (422 JSON; a plain request gets the error page when not 422).
 */
export class ValidationError extends Error {
  constructor(
    public readonly errors: Record<string, string>,
    public readonly status = 422,
  ) {
    super(Object.values(errors)[0] ?? msg('messages.errors.invalidData'));
  }
}

/**
 * A save made from a form opened before the record last changed (lib/concurrency.ts). The page
 * goes back to the form with `errors.version`, and shows what changed (its fresh props); a client
 * that is not the page gets 409.
 */
export class ConflictError extends ValidationError {
  constructor(message = msg('validation.conflict')) {
    super({ version: message }, 409);
  }
}

/** A row looked up through the scoped path (or any lookup a route names), or 404. */
export function orFail<T>(row: T | undefined): T {
  if (!row) throw new HttpError(404);
  return row;
}
