import type { Request } from 'express';
import { isDatabaseUnavailable } from '../db/unavailable';
import { msg } from '../i18n/message';
import { HttpError } from '../errors';

/** What a client is told to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** The outage's message, in English (`messages.errors.databaseUnavailable`, translated when shown). */
export const UNAVAILABLE_MESSAGE = 'We cannot reach our database right now. Please try again in a few seconds.';

/** The 503 a request answers when the database cannot be reached; null for any other error. */
export function databaseUnavailable(error: unknown): HttpError | null {
  if (!isDatabaseUnavailable(error)) return null;
  return new HttpError(503, msg('messages.errors.databaseUnavailable'), { 'Retry-After': String(RETRY_AFTER_SECONDS) });
}

/**
 * The error page for an outage must render without the database: shared props would look up the
 * signed-in user's organisations, so the page is rendered as for a guest.
 */
export function renderWithoutDatabase(req: Request): void {
  req.user = undefined;
  req.organization = undefined;
}
