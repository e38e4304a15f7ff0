import type { AppContext } from '../../context';
import type { Db } from '../../db/types';
import { randomToken, sha256 } from '../../lib/crypto';
import { route } from '../../../shared/routes';
import { insertLink, voidLinks } from './link-repository';

export { voidLinks };

/**
 * Issues a single-use sign-in link for a portal member and returns its absolute URL (the token is
 * in the mail only; the database keeps its hash). `browserHash` binds it to the browser that asked
 * (null for an invitation, which no browser asked for).
 */
export async function issueSignInLink(ctx: AppContext, db: Db, link: { portalMemberId: number; organizationId: number | null; browserHash: string | null; expiresAt: Date }): Promise<string> {
  const token = randomToken(32);
  await insertLink(db, {
    portal_member_id: link.portalMemberId,
    organization_id: link.organizationId,
    token_hash: sha256(token),
    browser_hash: link.browserHash,
    expires_at: link.expiresAt,
    created_at: ctx.clock.now(),
  });
  return new URL(route('portal.sign-in', { token }), ctx.config.APP_URL).toString();
}
