import { sql } from 'kysely';
import type { BoardUser, Db } from '../../db/types';
import { scoped } from '../../tenancy/repository';
import { logQuery, type LogQueryFilters } from '../activity/repository';
import type { ActivityApiRow } from './resources';

/** Whole board users by id (a list page's rows, in any order), of the organisation only. */
export async function boardUsersByIds(db: Db, organizationId: number, ids: number[]): Promise<BoardUser[]> {
  if (!ids.length) return [];
  return (await scoped(db, organizationId, 'board_users').selectAll('board_users').where('board_users.id', 'in', ids).execute()) as BoardUser[];
}

/** Where a page of the log ended: the last entry's instant to the microsecond (as text) and id. */
export interface LogKey {
  at: string;
  id: number;
}

/**
 * One page of the log with the page's filters, newest first, after `after` (keyset: stable while
 * new entries arrive), with the token that acted when no member did. One row more than `limit`
 * tells whether another page follows.
 */
export async function activityAfter(
  db: Db,
  organizationId: number,
  filters: LogQueryFilters,
  after: LogKey | null,
  limit: number,
): Promise<{ rows: (ActivityApiRow & { key: LogKey })[]; more: boolean }> {
  let query = logQuery(db, organizationId, filters)
    .leftJoin('api_tokens as causer_token', (join) => join.onRef('causer_token.id', '=', 'activity_logs.causer_token_id').onRef('causer_token.organization_id', '=', 'activity_logs.organization_id'))
    .select(['activity_logs.causer_token_id', 'causer_token.name as causer_token_name'])
    .select(sql<string>`to_char(activity_logs.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('__at'));
  if (after) query = query.where(sql<boolean>`(activity_logs.created_at, activity_logs.id) < (${after.at}::timestamptz, ${after.id})`);
  const rows = await query.limit(limit + 1).execute();
  return {
    rows: rows.slice(0, limit).map(({ __at, ...row }) => ({ ...(row as unknown as ActivityApiRow), key: { at: __at, id: row.id } })),
    more: rows.length > limit,
  };
}
