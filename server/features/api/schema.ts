import { z } from 'zod';
import { queryParam } from '../../lib/query';
import { boardUserSchema } from '../board-users/schema';
import { insightSchema } from '../insights/schema';
import { BOARD_USER_FIELDS, BOARD_USER_FIELD_NAMES } from '../../../shared/board-user-fields';
import { INSIGHT_FIELDS, INSIGHT_FIELD_NAMES, type InsightField } from '../../../shared/insight-fields';
import type { Insight } from '../../db/types';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

/** `?per_page=`: 1 to 100, else the default (like the pages' filters, nothing here fails). */
export const perPage = queryParam().transform((v) => {
  const n = v && /^\d{1,3}$/.test(v) ? Number(v) : DEFAULT_PER_PAGE;
  return n >= 1 && n <= MAX_PER_PAGE ? n : DEFAULT_PER_PAGE;
});

export const perPageSchema = z.object({ per_page: perPage });

/** `?cursor=`: opaque to clients (the last entry's instant and id); a broken one is a 400. */
export const cursorSchema = z.object({ cursor: queryParam(200) });

export function encodeCursor(key: { at: string; id: number }): string {
  return Buffer.from(JSON.stringify([key.at, key.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): { at: string; id: number } | null | 'invalid' {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return 'invalid';
    const [at, id] = value;
    if (typeof at !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) || Number.isNaN(Date.parse(at))) return 'invalid';
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return 'invalid';
    return { at, id };
  } catch {
    return 'invalid';
  }
}

/**
 * A new board user from the API: the form's fields, any left out blank (the form sends every one,
 * a program need not). The same schema (boardUserSchema) then decides.
 */
export const blankBoardUser = (): Record<string, unknown> =>
  Object.fromEntries(BOARD_USER_FIELD_NAMES.filter((f) => BOARD_USER_FIELDS[f].kind !== 'status').map((f) => [f, BOARD_USER_FIELDS[f].kind === 'tags' ? [] : null]));

/** A new insight from the API: the fields it may leave out blank (a title and a category it must give). */
export const blankInsight = (): Record<string, unknown> =>
  Object.fromEntries(INSIGHT_FIELD_NAMES.filter((f) => !('required' in INSIGHT_FIELDS[f])).map((f) => [f, INSIGHT_FIELDS[f].kind === 'board-users' ? [] : null]));

/** An insight's own fields as the form edits them (its linked board users are rows of their own). */
export const insightFieldsOf = (row: Pick<Insight, Exclude<InsightField, 'board_user_ids'>>): Record<string, unknown> =>
  Object.fromEntries(INSIGHT_FIELD_NAMES.filter((f) => f !== 'board_user_ids').map((f) => [f, row[f as Exclude<InsightField, 'board_user_ids'>]]));

/** The forms' own contracts, the API's request bodies. */
export const boardUserInput = boardUserSchema;
export const insightInput = insightSchema;
