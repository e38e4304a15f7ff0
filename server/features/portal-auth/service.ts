import type { AppContext } from '../../context';
import { sha256 } from '../../lib/crypto';
import { inTransaction, type Actor } from '../../lib/unit-of-work';
import { findPortalMemberByEmail, findPortalRecords } from '../../tenancy/portal-repository';
import { SIGN_IN_LINK_MINUTES } from '../../../shared/portal';
import { findLink, useLink } from './link-repository';
import { issueSignInLink } from './links';
import { sendSignInLinkMail } from './mails';
import { recordSignIn } from './repository';

/**
 * Sends a sign-in link when `email` belongs to a board member with access in the organisation;
 * otherwise does nothing. The caller answers the same either way (no hint which addresses exist).
 */
export async function requestLink(ctx: AppContext, actor: Actor, input: { organization: { id: number; name: string }; email: string; browserHash: string }): Promise<void> {
  const member = await findPortalMemberByEmail(ctx.db, input.email);
  if (!member) return;
  const records = await findPortalRecords(ctx.db, member.id);
  if (!records.some((r) => r.organization_id === input.organization.id)) return;
  await inTransaction(ctx, actor, async (uow) => {
    const expiresAt = new Date(ctx.clock.now().getTime() + SIGN_IN_LINK_MINUTES * 60_000);
    const url = await issueSignInLink(ctx, uow.db, { portalMemberId: member.id, organizationId: input.organization.id, browserHash: input.browserHash, expiresAt });
    await sendSignInLinkMail(ctx, uow, member, input.organization.name, url);
  });
}

/** Why a link does not sign anyone in: gone (unknown, used, expired, access ended) or opened in another browser. */
export type LinkRefusal = 'invalid' | 'otherBrowser';

/** The link and why it cannot sign in (null: it can), read once. */
async function readLink(ctx: AppContext, token: string, browserHash: string | null) {
  const link = await findLink(ctx.db, sha256(token));
  const refusal: LinkRefusal | null =
    !link || link.used_at || link.expires_at.getTime() <= ctx.clock.now().getTime() ? 'invalid' : link.browser_hash !== null && link.browser_hash !== browserHash ? 'otherBrowser' : null;
  return { link, refusal };
}

/** What a link would do, without using it (the page before the button). */
export async function checkLink(ctx: AppContext, token: string, browserHash: string | null): Promise<LinkRefusal | null> {
  return (await readLink(ctx, token, browserHash)).refusal;
}

/**
 * Uses a link once: the member it names, when they still have access somewhere, is signed in
 * (their records become active, each organisation's log records it). Returns the member's id.
 */
export async function useSignInLink(ctx: AppContext, actor: Actor, token: string, browserHash: string | null): Promise<{ memberId: number } | LinkRefusal> {
  const { link, refusal } = await readLink(ctx, token, browserHash);
  if (refusal || !link) return refusal ?? 'invalid';
  return inTransaction(ctx, actor, async (uow) => {
    if (!(await useLink(uow.db, link.id, ctx.clock.now()))) return 'invalid' as const;
    const records = await findPortalRecords(uow.db, link.portal_member_id);
    if (records.length === 0) return 'invalid' as const;
    await recordSignIn(uow, link.portal_member_id, records, 'link', ctx.clock.now());
    return { memberId: link.portal_member_id };
  });
}
