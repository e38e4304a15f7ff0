import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { scoped } from '../../tenancy/repository';

const count = sql<string>`count(*)`;

export interface DashboardCounts {
  boardUsers: { active: number; inactive: number };
  insights: { draft: number; published: number; archived: number };
  members: number;
  pendingInvitations: number;
  publicLinks: number;
  portalMembers: number;
}

/** Every figure of the dashboard in one query (scalar subqueries, each narrowed with `scoped`). */
export async function dashboardCounts(db: Db, organizationId: number, now: Date): Promise<DashboardCounts> {
  const boardUsers = (status: 'active' | 'inactive') =>
    scoped(db, organizationId, 'board_users').select(count.as('n')).where('board_users.deleted_at', 'is', null).where('board_users.status', '=', status);
  const insights = (status: 'draft' | 'published' | 'archived') =>
    scoped(db, organizationId, 'insights').select(count.as('n')).where('insights.deleted_at', 'is', null).where('insights.status', '=', status);
  const row = await db
    .selectNoFrom([
      boardUsers('active').as('bu_active'),
      boardUsers('inactive').as('bu_inactive'),
      insights('draft').as('in_draft'),
      insights('published').as('in_published'),
      insights('archived').as('in_archived'),
      scoped(db, organizationId, 'insights').select(count.as('n')).where('insights.deleted_at', 'is', null).where('insights.share_token', 'is not', null).as('public_links'),
      scoped(db, organizationId, 'memberships').select(count.as('n')).as('members'),
      scoped(db, organizationId, 'invitations')
        .select(count.as('n'))
        .where('invitations.accepted_at', 'is', null)
        .where('invitations.revoked_at', 'is', null)
        .where('invitations.expires_at', '>', now)
        .as('pending'),
      scoped(db, organizationId, 'board_user_portal_access').select(count.as('n')).as('portal_members'),
    ])
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  return {
    boardUsers: { active: n(row.bu_active), inactive: n(row.bu_inactive) },
    insights: { draft: n(row.in_draft), published: n(row.in_published), archived: n(row.in_archived) },
    members: n(row.members),
    pendingInvitations: n(row.pending),
    publicLinks: n(row.public_links),
    portalMembers: n(row.portal_members),
  };
}

/**
 * Insights published per week (weeks start on Monday in `timeZone`), for the weeks starting at
 * `weekStarts` (calendar dates, oldest first). One grouped query; weeks without any are 0.
 */
export async function publishedPerWeek(db: Db, organizationId: number, weekStarts: string[], timeZone: string): Promise<{ week: string; count: number }[]> {
  const local = sql`(insights.published_at at time zone ${timeZone})`;
  const rows = await scoped(db, organizationId, 'insights')
    .select([sql<string>`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`.as('week'), count.as('n')])
    .where('insights.deleted_at', 'is', null)
    .where('insights.published_at', 'is not', null)
    .where(sql<boolean>`${local} >= ${weekStarts[0]}::timestamp`)
    .where(sql<boolean>`${local} < (${weekStarts[weekStarts.length - 1]}::timestamp + interval '7 days')`)
    .groupBy(sql`1`)
    .execute();
  const byWeek = new Map(rows.map((r) => [r.week, Number(r.n)]));
  return weekStarts.map((week) => ({ week, count: byWeek.get(week) ?? 0 }));
}

export interface TermEnding {
  id: number;
  first_name: string;
  last_name: string;
  board_name: string | null;
  term_ends_on: string;
}

/** How far ahead the dashboard looks for terms that end. */
export const TERMS_WINDOW_DAYS = 90;

/**
 * Live board users whose term ends from `today` to `until` (both 'YYYY-MM-DD', inclusive), soonest
 * first, at most `limit`, and how many there are in all: one query (a window count).
 */
export async function termsEnding(db: Db, organizationId: number, today: string, until: string, limit = 5): Promise<{ items: TermEnding[]; total: number }> {
  const rows = await scoped(db, organizationId, 'board_users')
    .select(['board_users.id', 'board_users.first_name', 'board_users.last_name', 'board_users.board_name', 'board_users.term_ends_on', sql<string>`count(*) over()`.as('total')])
    .where('board_users.deleted_at', 'is', null)
    .where('board_users.term_ends_on', '>=', today)
    .where('board_users.term_ends_on', '<=', until)
    .orderBy('board_users.term_ends_on')
    .orderBy('board_users.sort_name')
    .orderBy('board_users.id')
    .limit(limit)
    .execute();
  return { items: rows.map(({ total: _total, ...row }) => ({ ...row, term_ends_on: row.term_ends_on! })), total: Number(rows[0]?.total ?? 0) };
}
