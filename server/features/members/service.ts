import type { Request } from 'express';
import type { AppContext } from '../../context';
import type { Role } from '../../db/types';
import { channels } from '../../broadcasting/broadcaster';
import { paginate } from '../../lib/pagination';
import { actorFrom, inTransaction } from '../../lib/unit-of-work';
import { fail } from '../../lib/validation';
import { CURRENT_ORG_KEY, orFail, type CurrentOrganization } from '../organizations/tenancy';
import { ensureMayGrant, ensureMayManage, ensureNotLastOwner, grantableRoles, lastOwnerMessages, leaveRefusal, type Actor } from './policy';
import { deleteMembership, findMember, lockOwners, memberList, ownersCount, setMembershipRole } from './repository';

export const actorIn = (req: Request, org: CurrentOrganization): Actor => ({ role: org.role, platformAdmin: !!req.user?.is_platform_admin });

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function listMembers(ctx: AppContext, org: CurrentOrganization, filters: { search: string; page: number }) {
  const page = await paginate(memberList(ctx.db, org.id, filters.search), { page: filters.page, perPage: 20, path: '/users', query: { search: filters.search } });
  return { ...page, data: page.data.map((m) => ({ ...m, last_active_at: iso(m.last_active_at), online_since: iso(m.online_since), joined_at: m.joined_at.toISOString() })) };
}

/** A member of the current organisation by user id; 404 for anyone else. */
export async function memberOrFail(ctx: AppContext, org: CurrentOrganization, userId: number) {
  const m = orFail(await findMember(ctx.db, org.id, userId));
  return { ...m, email_verified_at: iso(m.email_verified_at), last_active_at: iso(m.last_active_at), online_since: iso(m.online_since), joined_at: m.joined_at.toISOString() };
}
export type MemberView = Awaited<ReturnType<typeof memberOrFail>>;

/** What the acting user may do to this member (buttons on the pages). */
export function memberAbilities(req: Request, org: CurrentOrganization, member: { id: number; role: Role }) {
  const actor = actorIn(req, org);
  const ownerLike = actor.platformAdmin || actor.role === 'owner';
  const self = member.id === req.user!.id;
  return {
    update: member.role !== 'owner' || ownerLike,
    remove: !self && (member.role !== 'owner' || ownerLike),
    roles: grantableRoles(actor),
  };
}

export async function changeRole(ctx: AppContext, req: Request, org: CurrentOrganization, member: MemberView, role: Role): Promise<boolean> {
  const actor = actorIn(req, org);
  ensureMayManage(actor, member);
  ensureMayGrant(actor, role);
  if (member.role === role) return false;
  const now = ctx.clock.now();
  await inTransaction(ctx, actorFrom(req), async (uow) => {
    const owners = await lockOwners(uow.db, org.id);
    ensureNotLastOwner(member, owners.length, 'role', lastOwnerMessages.demote(member.name, org.name));
    await setMembershipRole(uow.db, org.id, member.id, role, now);
    await uow.log({
      organization_id: org.id,
      event: 'role_changed',
      subject_type: 'user',
      subject_id: member.id,
      description: `${req.user!.name} changed ${member.name}'s role from ${member.role} to ${role}`,
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

export async function removeMember(ctx: AppContext, req: Request, org: CurrentOrganization, member: MemberView): Promise<void> {
  if (member.id === req.user!.id) fail('member', 'To remove yourself, use "Leave organization" on the organization page.');
  ensureMayManage(actorIn(req, org), member);
  await inTransaction(ctx, actorFrom(req), async (uow) => {
    const owners = await lockOwners(uow.db, org.id);
    ensureNotLastOwner(member, owners.length, 'member', lastOwnerMessages.remove(member.name, org.name));
    await deleteMembership(uow.db, org.id, member.id);
    await uow.log({
      organization_id: org.id,
      event: 'member_removed',
      subject_type: 'user',
      subject_id: member.id,
      description: `${req.user!.name} removed ${member.name} from ${org.name}`,
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
export async function leaveOrganization(ctx: AppContext, req: Request, org: CurrentOrganization): Promise<void> {
  const user = req.user!;
  const role = org.role;
  if (!role) fail('organization', leaveRefusal(role, 0, org.name)!);
  await inTransaction(ctx, actorFrom(req), async (uow) => {
    const refusal = leaveRefusal(role, (await lockOwners(uow.db, org.id)).length, org.name);
    if (refusal) fail('organization', refusal);
    await deleteMembership(uow.db, org.id, user.id);
    await uow.log({
      organization_id: org.id,
      event: 'member_removed',
      subject_type: 'user',
      subject_id: user.id,
      description: `${user.name} left ${org.name}`,
      properties: { old: { role, email: user.email }, attributes: { left: true } },
    });
    uow.afterCommit(() => ctx.broadcaster.terminateUser(user.id));
  });
  if (req.session.get<number>(CURRENT_ORG_KEY) === org.id) req.session.forget(CURRENT_ORG_KEY);
  if (req.organization?.id === org.id) req.organization = undefined;
}
