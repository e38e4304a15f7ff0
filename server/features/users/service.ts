import type { AppContext } from '../../context';
import type { Role } from '../../db/types';
import { channels } from '../../broadcasting/broadcaster';
import { inTransaction } from '../../lib/unit-of-work';
import { fail } from '../../lib/validation';
import { orFail } from '../../errors';
import type { Acting, ActingIn } from '../../tenancy/acting';
import type { CurrentOrganization } from '../../tenancy/current';
import { ensureMayGrant, ensureMayManage, ensureNotLastOwner, grantableRoles, lastOwnerMessages, leaveRefusal, mayManage } from '../../tenancy/policy';
import { lockOwners, ownersCount } from '../../tenancy/repository';
import { deleteMembership, findMember, lockMembership, memberPage, setMembershipRole } from '../../account/membership-repository';
import { ensureCurrentVersion, versionOf, type Version } from '../../lib/concurrency';
import { msg } from '../../i18n/message';
import { route } from '../../../shared/routes';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function listMembers(ctx: AppContext, org: CurrentOrganization, filters: { search: string; page: number }) {
  const page = await memberPage(ctx.db, { organizationId: org.id, search: filters.search }, { page: filters.page, perPage: 20, path: route('users.index'), query: { search: filters.search } });
  return { ...page, data: page.data.map((m) => ({ ...m, last_active_at: iso(m.last_active_at), online_since: iso(m.online_since), joined_at: m.joined_at.toISOString() })) };
}

/** A member of the organisation by user id; undefined (→ 404) for anyone else. */
export async function findMemberView(ctx: AppContext, org: CurrentOrganization, userId: number) {
  const m = await findMember(ctx.db, org.id, userId);
  if (!m) return undefined;
  const { updated_at, ...rest } = m;
  return {
    ...rest,
    email_verified_at: iso(m.email_verified_at),
    last_active_at: iso(m.last_active_at),
    online_since: iso(m.online_since),
    joined_at: m.joined_at.toISOString(),
    version: versionOf(updated_at),
  };
}
export type MemberView = NonNullable<Awaited<ReturnType<typeof findMemberView>>>;

/** What the acting user may do to this member (buttons on the pages). */
export function memberAbilities(actor: Acting, member: { id: number; role: Role }) {
  const self = member.id === actor.user.id;
  return {
    update: mayManage(actor, member),
    remove: !self && mayManage(actor, member),
    roles: grantableRoles(actor),
  };
}

export async function changeRole(ctx: AppContext, acting: ActingIn, member: MemberView, role: Role, version?: Version): Promise<boolean> {
  const { organization: org } = acting;
  const actor = acting;
  ensureMayManage(actor, member);
  ensureMayGrant(actor, role);
  if (member.role === role) return false;
  const now = ctx.clock.now();
  await inTransaction(ctx, acting, async (uow) => {
    const owners = await lockOwners(uow.db, org.id);
    ensureCurrentVersion(orFail(await lockMembership(uow.db, org.id, member.id)).updated_at, version);
    ensureNotLastOwner(member, owners.length, 'role', lastOwnerMessages.demote(member.name, org.name));
    await setMembershipRole(uow.db, org.id, member.id, role, now);
    await uow.log({
      organization_id: org.id,
      kind: 'user.role_changed',
      subject_id: member.id,
      facts: { member: member.name, from: member.role, to: role },
      properties: { old: { role: member.role }, attributes: { role } },
    });
    uow.broadcast({
      channels: [channels.user(member.id)],
      event: 'RoleChanged',
      data: { organization: { id: org.id, name: org.name }, role, previous_role: member.role },
    });
  });
  return true;
}

export async function removeMember(ctx: AppContext, acting: ActingIn, member: MemberView): Promise<void> {
  const { organization: org } = acting;
  if (member.id === acting.user.id) fail('member', msg('validation.members.removeSelf'));
  ensureMayManage(acting, member);
  await inTransaction(ctx, acting, async (uow) => {
    const owners = await lockOwners(uow.db, org.id);
    ensureNotLastOwner(member, owners.length, 'member', lastOwnerMessages.remove(member.name, org.name));
    await deleteMembership(uow.db, org.id, member.id);
    await uow.log({
      organization_id: org.id,
      kind: 'user.member_removed',
      subject_id: member.id,
      facts: { member: member.name, organization: org.name },
      properties: { old: { role: member.role, email: member.email } },
    });
    uow.broadcast({ channels: [channels.user(member.id)], event: 'RoleChanged', data: { organization: { id: org.id, name: org.name }, role: null, previous_role: member.role } });
    // After the notice: their open sockets still hold this organisation's channels.
    uow.afterCommit(() => ctx.broadcaster.terminateUser(member.id));
  });
}

/** Why the signed-in user may not leave `org` (null: they may), for the pages that offer it. */
export async function whyNotLeave(ctx: AppContext, org: CurrentOrganization): Promise<string | null> {
  return leaveRefusal(org.role, org.role === 'owner' ? await ownersCount(ctx.db, org.id) : 0, org.name);
}

/** The signed-in user leaves; the last owner cannot (leaveRefusal, decided under the owners' lock). */
export async function leaveOrganization(ctx: AppContext, acting: ActingIn): Promise<void> {
  const { user, organization: org } = acting;
  const role = org.role;
  if (!role) fail('organization', leaveRefusal(role, 0, org.name)!);
  await inTransaction(ctx, acting, async (uow) => {
    const refusal = leaveRefusal(role, (await lockOwners(uow.db, org.id)).length, org.name);
    if (refusal) fail('organization', refusal);
    await deleteMembership(uow.db, org.id, user.id);
    await uow.log({
      organization_id: org.id,
      kind: 'user.member_left',
      subject_id: user.id,
      facts: { organization: org.name },
      properties: { old: { role, email: user.email }, attributes: { left: true } },
    });
    uow.afterCommit(() => ctx.broadcaster.terminateUser(user.id));
  });
}
