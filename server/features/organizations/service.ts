import type { AppContext } from '../../context';
import type { Organization, Role, User } from '../../db/types';
import { channels } from '../../broadcasting/broadcaster';
import { ensureCurrentVersion, versionOf, type Version } from '../../lib/concurrency';
import { diff, inTransaction } from '../../lib/unit-of-work';
import { fail } from '../../lib/validation';
import { isUniqueViolation } from '../../db/errors';
import { findMember, findMembership, insertMembership, memberList, membersCount, memberUserIds, setMembershipRole } from '../../account/membership-repository';
import { whyNotLeave } from '../users/service';
import { TRIAL_DAYS } from '../../account/plans';
import { findSubscription } from '../subscriptions/repository';
import type { Acting, ActingIn } from '../../tenancy/acting';
import type { CurrentOrganization } from '../../tenancy/current';
import { abilitiesOf, STEP_DOWN_ROLE, stepsDownOnTransfer } from '../../tenancy/policy';
import { findOrganizationFor, userOrganizations } from '../../tenancy/repository';
import {
  findOrganization,
  findOrganizationBySlug,
  insertOrganization,
  insertSubscriptionWithEvent,
  lockOrganization,
  organizationList,
  slugTaken,
  updateOrganization as updateOrganizationRow,
} from './repository';
import { orFail } from '../../errors';
import { isReservedSlug, SLUG_PATTERN, SLUG_TAKEN_MESSAGE } from './schema';
import { slugify } from '../../../shared/slug';
import { msg } from '../../i18n/message';
import { LOGGED_ORGANIZATION_FIELDS } from '../../../shared/organization-fields';
import { route } from '../../../shared/routes';

export const NO_SUCH_ORGANIZATION = msg('validation.organizations.noSuch');
export const notAMember = (name: string) => msg('validation.members.notAMember', { organization: name });
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------- listing and reading

export async function listOrganizations(ctx: AppContext, acting: Acting, filters: { search: string; page: number }) {
  const user = acting.user;
  const everyOrganization = user.is_platform_admin;
  const page = await organizationList(
    ctx.db,
    { userId: user.id, everyOrganization, search: filters.search },
    {
      page: filters.page,
      perPage: 15,
      path: route('organizations.index'),
      query: { search: filters.search },
    },
  );
  const currentId = acting.organization?.id ?? null;
  return {
    ...page,
    data: page.data.map((o) => ({
      id: o.id,
      name: o.name,
      slug: o.slug,
      description: o.description,
      role: o.role ?? null,
      plan: o.plan ?? null,
      subscription_status: o.subscription_status ?? null,
      members_count: Number(o.members_count),
      created_at: o.created_at.toISOString(),
      is_current: o.id === currentId,
    })),
  };
}

/** The organisation a route names, as the signed-in user sees it; undefined (→ 404) otherwise. */
export function visibleOrganization(ctx: AppContext, user: User, id: number): Promise<CurrentOrganization | undefined> {
  return findOrganizationFor(ctx.db, user.id, id, user.is_platform_admin);
}

/** `target` as `acting` (acting in their current organisation) sees it. */
export async function organizationDetails(ctx: AppContext, acting: Acting, target: CurrentOrganization) {
  const org = (await findOrganization(ctx.db, target.id))!;
  const subscription = await findSubscription(ctx.db, target.id);
  const platformAdmin = acting.user.is_platform_admin;
  const leaveProblem = target.role !== null ? await whyNotLeave(ctx, target) : null;
  return {
    organization: {
      id: org.id,
      name: org.name,
      slug: org.slug,
      description: org.description,
      website: org.website,
      public_page_enabled: org.public_page_enabled,
      created_at: org.created_at.toISOString(),
      version: versionOf(org.updated_at),
      members_count: await membersCount(ctx.db, org.id),
      role: target.role,
      plan: subscription?.plan ?? null,
      subscription_status: subscription?.status ?? null,
      trial_ends_at: subscription?.trial_ends_at?.toISOString() ?? null,
      is_current: acting.organization?.id === org.id,
    },
    abilities: { ...abilitiesOf(target.role, platformAdmin), leave: target.role !== null && leaveProblem === null },
    /** Why a member is not offered "Leave" (the last owner); null otherwise. */
    leaveRefusal: target.role !== null ? leaveProblem : null,
  };
}

// ---------------------------------------------------------------- slugs

/** A free, valid, unreserved slug derived from `name` ("Acme & Co." → "acme-co", then "acme-co-2"…). */
export async function availableSlug(ctx: AppContext, name: string): Promise<string> {
  let base = slugify(name, 40);
  if (base.length < 3) base = base ? `${base}-org` : 'organisation';
  for (let n = 1; n <= 20; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (SLUG_PATTERN.test(candidate) && !isReservedSlug(candidate) && !(await slugTaken(ctx.db, candidate))) return candidate;
  }
  for (;;) {
    const candidate = `${base}-${Math.random().toString(36).slice(2, 8)}`;
    if (!(await slugTaken(ctx.db, candidate))) return candidate;
  }
}

// ---------------------------------------------------------------- writes

export interface OrganizationInput {
  name: string;
  slug?: string;
  description: string | null;
  website: string | null;
}

/** Validation check: no other organisation (deleted ones included) has this slug. */
export const slugAvailable =
  (ctx: AppContext, exceptId?: number) =>
  async (slug: string | undefined): Promise<string | null> =>
    slug && (await slugTaken(ctx.db, slug, exceptId)) ? SLUG_TAKEN_MESSAGE : null;

/**
 * The creator becomes its owner and it gets a team trial (the controller makes it the current organisation).
 * A chosen slug was checked by validation (slugAvailable); the unique index settles a race.
 */
export async function createOrganization(ctx: AppContext, acting: Acting, input: OrganizationInput): Promise<Organization> {
  const user = acting.user;
  const slug = input.slug ?? (await availableSlug(ctx, input.name));
  const now = ctx.clock.now();
  let org: Organization;
  try {
    org = await inTransaction(ctx, acting, async (uow) => {
      const created = await insertOrganization(uow.db, { name: input.name, slug, description: input.description, website: input.website, created_at: now, updated_at: now });
      await insertMembership(uow.db, created.id, user.id, 'owner', now);
      const trialEnds = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
      const subscription = await insertSubscriptionWithEvent(
        uow.db,
        { organization_id: created.id, plan: 'team', status: 'trialing', trial_ends_at: trialEnds, current_period_start: now, current_period_end: trialEnds, now },
        { event: 'trial_started', actor_id: user.id },
      );
      await uow.log({
        organization_id: created.id,
        kind: 'organization.created',
        subject_id: created.id,
        properties: { attributes: { name: created.name, slug: created.slug, description: created.description, website: created.website } },
      });
      await uow.log({
        organization_id: created.id,
        kind: 'subscription.trial_started',
        subject_id: subscription.id,
        facts: { to: 'team', days: TRIAL_DAYS },
        properties: { attributes: { plan: 'team', status: 'trialing', trial_ends_at: trialEnds.toISOString() } },
      });
      return created;
    });
  } catch (error) {
    // Two creations racing for one slug: the unique index decides.
    if (isUniqueViolation(error)) fail('slug', SLUG_TAKEN_MESSAGE);
    throw error;
  }
  return org;
}

export interface OrganizationUpdate extends OrganizationInput {
  slug: string;
  public_page_enabled: boolean;
}

const EDITABLE = LOGGED_ORGANIZATION_FIELDS;

export async function updateOrganization(ctx: AppContext, acting: ActingIn, input: OrganizationUpdate, version?: Version): Promise<void> {
  const target = acting.organization;
  try {
    await inTransaction(ctx, acting, async (uow) => {
      const before = orFail(await lockOrganization(uow.db, target.id));
      ensureCurrentVersion(before.updated_at, version);
      const changes = diff(before, input, [...EDITABLE]);
      if (!changes.changed) return;
      const after = await updateOrganizationRow(uow.db, before.id, input, ctx.clock.now());
      await uow.log({
        organization_id: after.id,
        kind: 'organization.updated',
        subject_id: after.id,
        properties: { old: changes.old, attributes: changes.attributes },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) fail('slug', SLUG_TAKEN_MESSAGE);
    throw error;
  }
}

/** Soft delete; every session drops it as current organisation on its next request. */
export async function deleteOrganization(ctx: AppContext, acting: ActingIn): Promise<void> {
  const target = acting.organization;
  await inTransaction(ctx, acting, async (uow) => {
    const org = await updateOrganizationRow(uow.db, target.id, { deleted_at: ctx.clock.now() }, ctx.clock.now());
    await uow.log({
      organization_id: org.id,
      kind: 'organization.deleted',
      subject_id: org.id,
      properties: { attributes: { name: org.name, slug: org.slug } },
    });
    // Open sockets keep the organization's channels; closed, they reconnect without them.
    const members = await memberUserIds(uow.db, org.id);
    const others = members.filter((id) => id !== acting.user.id);
    if (others.length) uow.broadcast({ channels: others.map((id) => channels.user(id)), event: 'OrganizationDeleted', data: { organization: { id: org.id, name: org.name } } });
    uow.afterCommit(async () => {
      for (const id of members) await ctx.broadcaster.terminateUser(id);
    });
  });
}

/** Members who could become an owner (everyone who is not one yet). */
export async function transferCandidates(ctx: AppContext, target: CurrentOrganization) {
  const members = await memberList(ctx.db, target.id, '').limit(500).execute();
  return members.filter((m) => m.role !== 'owner').map((m) => ({ id: m.id, name: m.name, email: m.email, role: m.role }));
}

/** The chosen member becomes an owner; the acting owner steps down to admin. */
export async function transferOwnership(ctx: AppContext, acting: ActingIn, userId: number): Promise<{ name: string }> {
  const { user: actor, organization: target } = acting;
  const member = await findMember(ctx.db, target.id, userId);
  if (!member) fail('user_id', msg('validation.organizations.chooseMember', { organization: target.name }));
  if (member.id === actor.id) fail('user_id', msg('validation.organizations.transferSelf'));
  if (member.role === 'owner') fail('user_id', msg('validation.organizations.alreadyOwner', { name: member.name, organization: target.name }));
  const now = ctx.clock.now();
  const stepDown = stepsDownOnTransfer(target);
  await inTransaction(ctx, acting, async (uow) => {
    await setMembershipRole(uow.db, target.id, member.id, 'owner', now);
    if (stepDown) await setMembershipRole(uow.db, target.id, actor.id, STEP_DOWN_ROLE, now);
    await uow.log({
      organization_id: target.id,
      kind: 'user.ownership_transferred',
      subject_id: member.id,
      facts: { organization: target.name, member: member.name },
      properties: {
        old: { owner_id: stepDown ? actor.id : null, role: member.role },
        attributes: { owner_id: member.id, role: 'owner', ...(stepDown ? { previous_owner_role: 'admin' } : {}) },
      },
    });
    const changed: { id: number; role: Role; previous: Role }[] = [{ id: member.id, role: 'owner', previous: member.role }];
    if (stepDown) changed.push({ id: actor.id, role: 'admin', previous: 'owner' });
    for (const c of changed) {
      uow.broadcast({
        channels: [channels.user(c.id)],
        event: 'RoleChanged',
        data: { organization: { id: target.id, name: target.name }, role: c.role, previous_role: c.previous },
      });
    }
  });
  return { name: member.name };
}

// ---------------------------------------------------------------- current organisation

export async function selectableOrganizations(ctx: AppContext, user: User) {
  return userOrganizations(ctx.db, user.id);
}

export function organizationBySlug(ctx: AppContext, slug: string) {
  return findOrganizationBySlug(ctx.db, slug);
}

/** Why `candidate` may not sign in to `org` (null: they may): platform admins and members may. */
export async function organizationLoginRefusal(ctx: AppContext, org: Organization, candidate: User): Promise<string | null> {
  if (candidate.is_platform_admin) return null;
  return (await findMembership(ctx.db, org.id, candidate.id)) ? null : notAMember(org.name);
}
