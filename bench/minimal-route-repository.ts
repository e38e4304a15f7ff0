/**
 * The SQL of the bench's *minimal route* (bench/http.ts): only what a signed-in board-user list
 * needs, written by hand — the practical limit for that page on a given database.
 */
import { LISTED_FIELDS } from '../shared/board-user-fields';

export type Runner = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** The session's user and current organisation, if the user is a member there. */
export async function sessionMembership(run: Runner, hashedSessionId: string) {
  const rows = await run(
    `select s.user_id, m.organization_id, m.role
       from sessions s
       join memberships m on m.user_id = s.user_id and m.organization_id = (s.data ->> 'organization_id')::int
      where s.id = $1`,
    [hashedSessionId],
  );
  return rows[0] as { user_id: number; organization_id: number; role: string } | undefined;
}

/** The first page of the organisation's board users by name, with the total in the same query. */
export function boardUserPage(run: Runner, organizationId: number, perPage: number) {
  return run(
    // The list's own columns (shared/board-user-fields.ts), so the baseline reads what the page reads.
    `select id, ${LISTED_FIELDS.join(', ')}, deleted_at, count(*) over() as __total
       from board_users
      where organization_id = $1 and deleted_at is null
      order by lower(last_name), lower(first_name), id
      limit $2`,
    [organizationId, perPage],
  );
}
