import { newSessionId, signSessionId } from '../../server/http/session';
import { sha256 } from '../../server/lib/crypto';
import { PORTAL_MEMBER_KEY } from '../../server/tenancy/portal';
import type { BoardUser, PortalDelivery, PortalMember } from '../../server/db/types';
import type { TestApp } from './app';
import type { TestClient } from './client';

/**
 * Board-portal rows and sessions for tests that are not about how they come to be (the grant and
 * sign-in tests go through the real routes): a portal member, a board user's access, a portal session.
 */
export async function createPortalMember(app: TestApp, email: string, overrides: Partial<{ locale: string; delivery: PortalDelivery }> = {}): Promise<PortalMember> {
  const now = app.ctx.clock.now();
  return app.ctx.db
    .insertInto('portal_members')
    .values({ email: email.toLowerCase(), created_at: now, updated_at: now, ...overrides })
    .onConflict((oc) => oc.column('email').doUpdateSet({ updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Gives `boardUser` (who must have an e-mail) portal access, as an activated record unless `invitedOnly`. */
export async function grantPortalAccess(app: TestApp, boardUser: BoardUser, options: { invitedOnly?: boolean; grantedBy?: number | null } = {}): Promise<PortalMember> {
  if (!boardUser.email) throw new Error('a board user needs an e-mail for portal access');
  const member = await createPortalMember(app, boardUser.email);
  const now = app.ctx.clock.now();
  await app.ctx.db
    .insertInto('board_user_portal_access')
    .values({
      board_user_id: boardUser.id,
      organization_id: boardUser.organization_id,
      portal_member_id: member.id,
      granted_by: options.grantedBy ?? null,
      granted_at: now,
      activated_at: options.invitedOnly ? null : now,
    })
    .execute();
  return member;
}

/** Signs `client` in as the portal member by creating the session row a sign-in link would create. */
export async function actingAsBoardMember(app: TestApp, client: TestClient, memberId: number): Promise<TestClient> {
  const id = newSessionId();
  await app.ctx.db
    .insertInto('sessions')
    .values({ id: sha256(id), user_id: null, data: JSON.stringify({ [PORTAL_MEMBER_KEY]: memberId }), ip: '127.0.0.1', user_agent: 'test', last_activity: app.ctx.clock.now() })
    .execute();
  const cookieName = `${app.ctx.config.APP_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_session`;
  client.cookies.set(cookieName, signSessionId(app.ctx.key, id));
  await client.prime('/');
  return client;
}
