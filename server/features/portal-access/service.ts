import type { AppContext } from '../../context';
import { orFail, ValidationError } from '../../errors';
import { msg } from '../../i18n/message';
import { assertWithinLimit } from '../../account/limits';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work';
import { channels } from '../../broadcasting/broadcaster';
import type { ActingIn } from '../../tenancy/acting';
import { interfaceLocale } from '../../../shared/i18n';
import { INVITATION_LINK_DAYS } from '../../../shared/portal';
import { issueSignInLink } from '../portal-auth/links';
import { revokeAccessRow } from './ending';
import { sendPortalInvitation } from './mails';
import * as repo from './repository';
import type { GrantInput } from './schema';
import type { Throttle } from '../../lib/rate-limiter';

const DAY_MS = 86_400_000;

/** Other staff tabs on the board user (Show, the list) reload it. */
const announce = (uow: UnitOfWork, organizationId: number, id: number, action: string) =>
  uow.broadcast({ channels: [channels.organization(organizationId)], event: 'BoardUserChanged', data: { id, action } });

export const fullName = (b: { first_name: string; last_name: string }) => `${b.first_name} ${b.last_name}`;

/** The one form field the portal card shows its problems under. */
export const FIELD = 'portal';

/**
 * Grants a board user portal access and mails the invitation. Granting again (the "Resend"
 * button) does not add a second access row or count against the plan again: it sends a new
 * invitation, and the previous invitation links into this organisation stop working.
 * Answers whether the access is new.
 */
export async function grantAccess(ctx: AppContext, acting: ActingIn, boardUserId: number, input: GrantInput): Promise<{ created: boolean; name: string }> {
  // Taken before the write (parallel resends cannot slip under it); a refused grant gives it back.
  const throttle = invitationThrottle(boardUserId);
  const seconds = await ctx.limiter.take([throttle]);
  if (seconds) throw new ValidationError({ [FIELD]: msg('validation.portalAccess.throttled', { minutes: Math.ceil(seconds / 60) }) });
  try {
    return await grantInTransaction(ctx, acting, boardUserId, input);
  } catch (error) {
    await ctx.limiter.giveBack([throttle]);
    throw error;
  }
}

/** At most this many invitation mails per board user an hour: a "Resend" button is no way to flood an inbox. */
export const INVITATIONS_PER_HOUR = 5;
const invitationThrottle = (boardUserId: number): Throttle => ({ key: `portal-invitation|${boardUserId}`, maxAttempts: INVITATIONS_PER_HOUR, decaySeconds: 3600 });

function grantInTransaction(ctx: AppContext, acting: ActingIn, boardUserId: number, input: GrantInput): Promise<{ created: boolean; name: string }> {
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    const now = ctx.clock.now();
    const boardUser = orFail(await repo.lockBoardUser(uow.db, org.id, boardUserId));
    const name = fullName(boardUser);
    if (boardUser.deleted_at) throw new ValidationError({ [FIELD]: msg('validation.portalAccess.deleted', { name }) });
    if (boardUser.status !== 'active') throw new ValidationError({ [FIELD]: msg('validation.portalAccess.inactive', { name }) });
    if (!boardUser.email) throw new ValidationError({ [FIELD]: msg('validation.portalAccess.noEmail', { name }) });
    const existing = await repo.findAccess(uow.db, org.id, boardUserId);
    const member = await repo.upsertPortalMember(uow.db, boardUser.email, input.locale ?? interfaceLocale(acting.user.locale), now);
    if (existing && existing.portal_member_id === member.id) {
      await repo.voidLinksInto(uow.db, member.id, org.id, now);
    } else {
      // A row of another identity (the e-mail changed in a way the lapse rule missed) is replaced.
      if (existing) await repo.deleteAccess(uow.db, org.id, [boardUserId]);
      else await assertWithinLimit(uow.db, org.id, 'portalMembers', { field: FIELD, now });
      await repo.insertAccess(uow.db, { board_user_id: boardUserId, organization_id: org.id, portal_member_id: member.id, granted_by: acting.user.id, granted_at: now });
      await uow.log({ organization_id: org.id, kind: 'board_user.portal_access_granted', subject_id: boardUserId });
    }
    const url = await issueSignInLink(ctx, uow.db, { portalMemberId: member.id, organizationId: org.id, browserHash: null, expiresAt: new Date(now.getTime() + INVITATION_LINK_DAYS * DAY_MS) });
    // The chosen language, else the member's own (an identity that exists chose it), else the inviter's.
    const locale = input.locale ?? interfaceLocale(member.locale);
    await sendPortalInvitation(ctx, uow, { to: boardUser.email, name, organizationName: org.name, url, locale });
    announce(uow, org.id, boardUserId, 'portal_access_granted');
    return { created: !existing, name };
  });
}

/** Revokes a board user's access; revoking what is not there is no error (answers false). */
export async function revokeAccess(ctx: AppContext, acting: ActingIn, boardUserId: number): Promise<{ revoked: boolean; name: string }> {
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    const boardUser = orFail(await repo.lockBoardUser(uow.db, org.id, boardUserId));
    const revoked = await revokeAccessRow(uow, org.id, boardUserId, ctx.clock.now());
    if (revoked) announce(uow, org.id, boardUserId, 'portal_access_revoked');
    return { revoked, name: fullName(boardUser) };
  });
}
