import type { AppContext } from '../../context';
import type { Invitation, Organization, Role, User } from '../../db/types';
import { channels } from '../../broadcasting/broadcaster';
import { randomToken, sha256 } from '../../lib/crypto';
import { inTransaction, type Actor, type UnitOfWork } from '../../lib/unit-of-work';
import { fail, validate } from '../../lib/validation';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../db/errors';
import { findUserByEmail, insertUser, updateUser } from '../../account/user-repository';
import type { ActingIn } from '../../tenancy/acting';
import type { CurrentOrganization } from '../../tenancy/current';
import { ensureMayGrant } from '../../tenancy/policy';
import { findMembership, insertMembership, isMemberByEmail, membersCount } from '../../account/membership-repository';
import { findOrganization } from '../../tenancy/repository';
import { assertWithinLimit, effectivePlan, limitProblem } from '../../account/limits';
import { INVITATION_DAYS, sendInvitationMail } from './mails';
import {
  claimInvitation,
  findInvitation,
  findInvitationByTokenHash,
  findPendingInvitationFor,
  insertInvitation,
  pendingCount,
  pendingInvitations,
  renewInvitation,
  revokeInvitation as revokeInvitationRow,
} from './repository';
import { acceptAsNewUserSchema, TOKEN_PATTERN } from './schema';
import { msg } from '../../i18n/message';
import { interfaceLocale } from '../../../shared/i18n';

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------- plan limit

/**
 * Members and open invitations against the plan's `members` limit (null = unlimited). The rule
 * itself (open invitations hold a seat; an ended subscription is Free) lives in
 * account/limits.ts, shared with every other limit.
 */
export async function memberUsage(ctx: AppContext, organizationId: number) {
  const plan = await effectivePlan(ctx.db, organizationId);
  return {
    plan: plan.id,
    plan_name: plan.name,
    limit: plan.limits.members,
    members: await membersCount(ctx.db, organizationId),
    pending: await pendingCount(ctx.db, organizationId, ctx.clock.now()),
  };
}

// ---------------------------------------------------------------- managing invitations (Users pages)

export async function listPendingInvitations(ctx: AppContext, organizationId: number) {
  const now = ctx.clock.now();
  return (await pendingInvitations(ctx.db, organizationId)).map((i) => ({
    id: i.id,
    email: i.email,
    role: i.role,
    invited_by: i.invited_by_name ?? null,
    expires_at: i.expires_at.toISOString(),
    expired: i.expires_at <= now,
    sent_at: i.updated_at.toISOString(),
  }));
}

/** An invitation of the organisation by id; undefined (→ 404) for any other. */
export function invitationOf(ctx: AppContext, org: CurrentOrganization, id: number): Promise<Invitation | undefined> {
  return findInvitation(ctx.db, org.id, id);
}

function announce(uow: Pick<UnitOfWork, 'broadcast'>, invitee: User | undefined, org: CurrentOrganization, invitation: Invitation) {
  if (!invitee) return;
  uow.broadcast({
    channels: [channels.user(invitee.id)],
    event: 'InvitationReceived',
    data: { invitation_id: invitation.id, organization: { id: org.id, name: org.name }, role: invitation.role, expires_at: invitation.expires_at.toISOString() },
  });
}

/** Validation checks on the address of a new invitation (invite() applies them again). */
export const inviteeChecks = (ctx: AppContext, org: CurrentOrganization) => [
  async (email: string) => ((await isMemberByEmail(ctx.db, org.id, email)) ? `${email} is already a member of ${org.name}.` : null),
  async (email: string) => ((await findPendingInvitationFor(ctx.db, org.id, email)) ? msg('validation.invitations.pending', { email }) : null),
  // Reported with the form's other problems; the locked check while inviting has the last word.
  () => limitProblem(ctx.db, org.id, 'members', { now: ctx.clock.now() }),
];

/** Invites by e-mail: a hashed 256-bit token, valid 7 days, mailed as a link. */
export async function invite(ctx: AppContext, acting: ActingIn, input: { email: string; role: Role }): Promise<void> {
  const { organization: org } = acting;
  ensureMayGrant(acting, input.role);
  const [isMember, isPending] = inviteeChecks(ctx, org);
  for (const check of [isMember, isPending]) {
    const problem = await check(input.email);
    if (problem) fail('email', problem);
  }
  const token = randomToken(32);
  const now = ctx.clock.now();
  const invitee = await findUserByEmail(ctx.db, input.email);
  await inTransaction(ctx, acting, async (uow) => {
    // Locks the subscription row: two invitations cannot both take the last seat.
    await assertWithinLimit(uow.db, org.id, 'members', { field: 'email', now });
    const created = await insertInvitation(uow.db, {
      organization_id: org.id,
      email: input.email,
      role: input.role,
      token_hash: sha256(token),
      invited_by: acting.user.id,
      expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      now,
    });
    await uow.log({
      organization_id: org.id,
      kind: 'invitation.invitation_sent',
      subject_id: created.id,
      facts: { email: created.email, role: created.role },
      properties: { attributes: { email: created.email, role: created.role, expires_at: created.expires_at.toISOString() } },
    });
    announce(uow, invitee, org, created);
    // Queued with the invitation; the worker delivers it and retries a failing mail server.
    await sendInvitationMail(ctx, uow, created, org.name, acting.user.name, token, interfaceLocale(acting.user.locale));
  });
}

/** A new token (the old link stops working) and a new 7-day window. */
export async function resendInvitation(ctx: AppContext, acting: ActingIn, invitation: Invitation): Promise<void> {
  const { organization: org } = acting;
  ensureMayGrant(acting, invitation.role);
  if (invitation.accepted_at) fail('invitation', msg('validation.invitations.accepted', { email: invitation.email }));
  if (invitation.revoked_at) fail('invitation', msg('validation.invitations.revoked', { email: invitation.email }));
  const now = ctx.clock.now();
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const invitee = await findUserByEmail(ctx.db, invitation.email);
  await inTransaction(ctx, acting, async (uow) => {
    // An expired invitation no longer holds a seat; renewing it takes one again.
    if (invitation.expires_at <= now) await assertWithinLimit(uow.db, org.id, 'members', { field: 'invitation', now });
    await renewInvitation(uow.db, org.id, invitation.id, sha256(token), expiresAt, now);
    await uow.log({
      organization_id: org.id,
      kind: 'invitation.invitation_resent',
      subject_id: invitation.id,
      facts: { email: invitation.email },
      properties: { old: { expires_at: invitation.expires_at.toISOString() }, attributes: { expires_at: expiresAt.toISOString() } },
    });
    announce(uow, invitee, org, { ...invitation, expires_at: expiresAt });
    await sendInvitationMail(ctx, uow, { ...invitation, expires_at: expiresAt }, org.name, acting.user.name, token, interfaceLocale(acting.user.locale));
  });
}

export async function revokeInvitation(ctx: AppContext, acting: ActingIn, invitation: Invitation): Promise<void> {
  const { organization: org } = acting;
  ensureMayGrant(acting, invitation.role);
  if (invitation.accepted_at) fail('invitation', msg('validation.invitations.accepted', { email: invitation.email }));
  if (invitation.revoked_at) return;
  await inTransaction(ctx, acting, async (uow) => {
    await revokeInvitationRow(uow.db, org.id, invitation.id, ctx.clock.now());
    await uow.log({
      organization_id: org.id,
      kind: 'invitation.invitation_revoked',
      subject_id: invitation.id,
      facts: { email: invitation.email },
      properties: { old: { revoked_at: null }, attributes: { email: invitation.email, role: invitation.role } },
    });
  });
}

// ---------------------------------------------------------------- accepting (the link in the mail)

export type AcceptState =
  | { state: 'invalid' | 'gone' | 'used' | 'revoked' | 'expired' | 'full'; status: number; message: string; details: InvitationDetails | null }
  | { state: 'register' | 'sign-in' | 'join' | 'wrong-user' | 'member'; status: 200; message: string | null; details: InvitationDetails };

export interface InvitationDetails {
  email: string;
  role: Role;
  organization: { id: number; name: string; slug: string };
  expires_at: string;
}

interface Resolved {
  view: AcceptState;
  invitation?: Invitation;
  organization?: Organization;
}

const closed = (state: 'invalid' | 'gone' | 'used' | 'revoked' | 'expired' | 'full', status: number, message: string, details: InvitationDetails | null = null): Resolved => ({
  view: { state, status, message, details },
});

/** What the link's visitor sees: never an error page, always a state with a clear message. */
async function resolve(ctx: AppContext, me: User | null, token: string): Promise<Resolved> {
  if (!TOKEN_PATTERN.test(token)) return closed('invalid', 404, msg('messages.invitations.invalidToken'));
  const invitation = await findInvitationByTokenHash(ctx.db, sha256(token));
  if (!invitation) {
    return closed('invalid', 404, msg('messages.invitations.replaced'));
  }
  const organization = await findOrganization(ctx.db, invitation.organization_id);
  if (!organization) return closed('gone', 410, msg('messages.invitations.organizationGone'));
  const details: InvitationDetails = {
    email: invitation.email,
    role: invitation.role,
    organization: { id: organization.id, name: organization.name, slug: organization.slug },
    expires_at: invitation.expires_at.toISOString(),
  };
  if (invitation.accepted_at) return closed('used', 410, msg('messages.invitations.used', { organization: organization.name }), details);
  if (invitation.revoked_at) return closed('revoked', 410, msg('messages.invitations.withdrawn', { organization: organization.name }), details);
  if (invitation.expires_at <= ctx.clock.now()) {
    return closed('expired', 410, msg('messages.invitations.expired', { organization: organization.name }), details);
  }
  const open = (state: 'register' | 'sign-in' | 'join' | 'wrong-user' | 'member', message: string | null = null): Resolved => ({
    view: { state, status: 200, message, details },
    invitation,
    organization,
  });
  if (me && me.email.toLowerCase() !== invitation.email.toLowerCase()) {
    return open('wrong-user', msg('messages.invitations.wrongUser', { current: me.email, email: invitation.email }));
  }
  if (me && (await findMembership(ctx.db, organization.id, me.id))) return open('member', msg('messages.invitations.alreadyMember', { organization: organization.name }));
  const usage = await memberUsage(ctx, organization.id);
  // This invitation is one of the pending ones, so its own seat is already counted.
  if (usage.limit !== null && usage.members >= usage.limit) {
    return closed('full', 409, msg('messages.invitations.full', { organization: organization.name, plan: usage.plan_name, limit: String(usage.limit) }), details);
  }
  if (me) return open('join');
  return (await findUserByEmail(ctx.db, invitation.email)) ? open('sign-in') : open('register');
}

/** What the link shows `me` (null: a guest). */
export async function inspectInvitation(ctx: AppContext, me: User | null, token: string): Promise<AcceptState> {
  return (await resolve(ctx, me, token)).view;
}

class InvitationTaken extends Error {}

/**
 * Accepts for a newcomer (creates a verified account: the link proved the mailbox) or for the
 * signed-in invitee. Returns the organisation joined, or null when the link cannot be used now
 * (the page then says why). A newcomer's account is returned in `signIn`: the caller signs it in.
 */
export async function acceptInvitation(ctx: AppContext, actor: Actor, me: User | null, token: string, body: unknown): Promise<{ organization: Organization; signIn: User | null } | null> {
  const { view, invitation, organization } = await resolve(ctx, me, token);
  if (!invitation || !organization) return null;
  const now = ctx.clock.now();

  if (view.state === 'register') {
    const input = validate(acceptAsNewUserSchema, body);
    const password = await hashPassword(input.password);
    let user: User;
    try {
      user = await inTransaction(ctx, actor, async (uow) => {
        const created = await insertUser(uow.db, { name: input.name, email: invitation.email, password, email_verified_at: now, created_at: now, updated_at: now });
        await join(uow, organization, invitation, created, now);
        return created;
      });
    } catch (error) {
      if (error instanceof InvitationTaken) return null;
      if (isUniqueViolation(error)) fail('name', msg('validation.invitations.accountJustCreated'));
      throw error;
    }
    return { organization, signIn: user };
  }

  if ((view.state === 'join' || view.state === 'member') && me) {
    try {
      await inTransaction(ctx, actor, async (uow) => {
        if (!me.email_verified_at) await updateUser(uow.db, me.id, { email_verified_at: now });
        await join(uow, organization, invitation, me, now);
      });
    } catch (error) {
      if (error instanceof InvitationTaken) return null;
      throw error;
    }
    return { organization, signIn: null };
  }
  return null;
}

async function join(uow: Parameters<Parameters<typeof inTransaction>[2]>[0], organization: Organization, invitation: Invitation, user: User, now: Date): Promise<void> {
  if (!(await claimInvitation(uow.db, organization.id, invitation.id, now))) throw new InvitationTaken();
  if (await findMembership(uow.db, organization.id, user.id)) return;
  await insertMembership(uow.db, organization.id, user.id, invitation.role, now);
  await uow.log({
    organization_id: organization.id,
    causer_id: user.id,
    kind: 'user.member_added',
    subject_id: user.id,
    facts: { organization: organization.name, role: invitation.role },
    properties: { attributes: { email: user.email, role: invitation.role, invitation_id: invitation.id } },
  });
}
