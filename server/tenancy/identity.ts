import type { Request } from 'express';
import type { Db, User } from '../db/types';
import type { AppContext } from '../context';
import { findSessionWithIdentity, type SessionWithIdentity, type SwitcherOrganization } from './identity-repository';
import { findOrganizationFor, toCurrentOrganization, type CurrentOrganization } from './repository';

/**
 * What the session's one query found about its user and organisation, for the middleware after
 * it (loadUser, loadOrganization, shared props) to use instead of asking again. Each reader
 * checks that the session still names the same user/organisation; otherwise it asks the database.
 */
const found = new WeakMap<Request, SessionWithIdentity & { organizationId: unknown }>();

/** Whether this request may render a page whose shared `auth` prop (and so the switcher) is sent. */
function showsSwitcher(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (!req.get('X-Inertia-Partial-Component')) return true;
  const only = (req.get('X-Inertia-Partial-Data') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return only.length === 0 || only.includes('auth');
}

/** The session store's loader: the session row plus its user, organisation and (for pages) switcher list. */
export function sessionIdentityLoader(db: Db) {
  return async (hashedId: string, req: Request) => {
    const row = await findSessionWithIdentity(db, hashedId, showsSwitcher(req));
    // The session's data object is the one handlers change: keep the id the query looked up.
    if (row) found.set(req, { ...row, organizationId: row.data.organization_id });
    return row;
  };
}

/** The session's user as loaded with the session: a User, null (no such user), or undefined (not loaded: ask). */
export function preloadedUser(req: Request, userId: number): User | null | undefined {
  const row = found.get(req);
  if (!row || row.user_id !== userId) return undefined;
  return row.user;
}

/**
 * The organisation `user` may act in, as the session's query found it when the session names it
 * (no second query), else asked of the database: one rule either way (`toCurrentOrganization`).
 */
export async function organizationFor(ctx: AppContext, req: Request, user: User, organizationId: number): Promise<CurrentOrganization | undefined> {
  const row = found.get(req);
  if (row && row.user_id === user.id && row.organizationId === organizationId) return toCurrentOrganization(row.organization ?? undefined, user.is_platform_admin);
  return findOrganizationFor(ctx.db, user.id, organizationId, user.is_platform_admin);
}

/** The organisation switcher's list when the session's query loaded it (undefined: ask). */
export function preloadedSwitcher(req: Request, userId: number): SwitcherOrganization[] | undefined {
  const row = found.get(req);
  return row?.organizations && row.user_id === userId && req.session.userId === userId ? row.organizations : undefined;
}
