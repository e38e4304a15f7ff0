import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ConflictError } from '../errors';

/**
 * Optimistic concurrency for every edit form (issue #24): a form carries the version of the record
 * it was opened on — the time it was last saved, to the millisecond — and a save checks it under
 * the row's lock. A colleague's save in between refuses this one (ConflictError); the form then
 * shows, field by field, what they changed and lets the user choose. Nothing is overwritten
 * silently. A request without a version (a script, an old tab) is not checked: forms always send one.
 */

/** The version a form carries. */
export const versionOf = (updatedAt: Date): string => updatedAt.toISOString();

/** The version field of a save; everything else in the body is left to the form's own schema. */
export const versionSchema = z.object({ version: z.string().max(64).optional() });

export type Version = string | undefined;

/** Refuses the save when the record changed since the form was opened (call under the row's lock). */
export function ensureCurrentVersion(updatedAt: Date, version: Version, message?: string): void {
  if (version !== undefined && version !== versionOf(updatedAt)) throw new ConflictError(message);
}

/**
 * The version of a few settings kept on a row other forms also save (a user's language and time
 * zone, an organisation's public-page switch): the values themselves, so a save elsewhere on the
 * row (a new password, a renamed organisation) is no conflict — only a change of these settings is.
 */
export const versionOfValues = (values: Record<string, unknown>): string =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(values).sort(([a], [b]) => a.localeCompare(b))))
    .digest('base64url')
    .slice(0, 22);

/** Refuses the save when the settings changed since the form was opened (call under the row's lock). */
export function ensureCurrentValues(values: Record<string, unknown>, version: Version): void {
  if (version !== undefined && version !== versionOfValues(values)) throw new ConflictError();
}
