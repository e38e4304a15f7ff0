import type { Role, User } from '../../server/db/types';
import { hashPassword } from '../../server/lib/passwords';
import { signSessionId, newSessionId } from '../../server/http/session';
import { sha256 } from '../../server/lib/crypto';
import type { TestClient } from './client';
import type { TestApp } from './app';

export const PASSWORD = 'correct horse battery';
let hashed: Promise<string> | undefined;
let seq = 0;

export async function createUser(app: TestApp, overrides: Partial<{ name: string; email: string; verified: boolean; platformAdmin: boolean; password: string }> = {}): Promise<User> {
  seq += 1;
  const password = overrides.password ? await hashPassword(overrides.password) : await (hashed ??= hashPassword(PASSWORD));
  return app.ctx.db
    .insertInto('users')
    .values({
      name: overrides.name ?? `User ${seq}`,
      email: overrides.email ?? `user${seq}-${Math.random().toString(36).slice(2, 8)}@example.test`,
      password,
      email_verified_at: overrides.verified === false ? null : new Date(),
      is_platform_admin: overrides.platformAdmin ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createOrganization(app: TestApp, owner: User | null, overrides: Partial<{ name: string; slug: string; plan: 'free' | 'team' | 'business'; public_page_enabled: boolean }> = {}) {
  seq += 1;
  const org = await app.ctx.db
    .insertInto('organizations')
    .values({
      name: overrides.name ?? `Org ${seq}`,
      slug: overrides.slug ?? `org-${seq}-${Math.random().toString(36).slice(2, 8)}`,
      public_page_enabled: overrides.public_page_enabled ?? true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const now = app.ctx.clock.now();
  await app.ctx.db
    .insertInto('subscriptions')
    .values({
      organization_id: org.id,
      plan: overrides.plan ?? 'team',
      status: overrides.plan ? 'active' : 'trialing',
      trial_ends_at: overrides.plan ? null : new Date(now.getTime() + 14 * 86_400_000),
      current_period_start: now,
      current_period_end: new Date(now.getTime() + (overrides.plan ? 30 : 14) * 86_400_000),
    })
    .execute();
  if (owner) await addMember(app, org.id, owner, 'owner');
  return org;
}

export async function addMember(app: TestApp, organizationId: number, user: User, role: Role) {
  return app.ctx.db.insertInto('memberships').values({ organization_id: organizationId, user_id: user.id, role }).returningAll().executeTakeFirstOrThrow();
}

/**
 * Signs `client` in as `user` (optionally in `organizationId`) by creating the session row a
 * sign-in would create, like Laravel's actingAs. Tests of sign-in itself use the real form.
 */
export async function actingAs(app: TestApp, client: TestClient, user: User, organizationId?: number, extra: Record<string, unknown> = {}) {
  const id = newSessionId();
  const data: Record<string, unknown> = { ...extra };
  if (organizationId) data.organization_id = organizationId;
  await app.ctx.db
    .insertInto('sessions')
    .values({ id: sha256(id), user_id: user.id, data: JSON.stringify(data), ip: '127.0.0.1', user_agent: 'test', last_activity: app.ctx.clock.now() })
    .execute();
  const cookieName = `${app.ctx.config.APP_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_session`;
  client.cookies.set(cookieName, signSessionId(app.ctx.key, id));
  await client.prime('/');
  return client;
}

/** A user who belongs to a fresh organisation with `role`, signed in on a new client. */
/** An editor signed in to a fresh organisation on `plan` (the import and bulk-action tests' actor). */
export async function editorOfNewOrganization(app: TestApp, plan: 'free' | 'team' | 'business' = 'business') {
  const org = await createOrganization(app, null, { plan });
  const { client } = await memberClient(app, 'editor', org.id);
  return { orgId: org.id, client };
}

export async function memberClient(app: TestApp, role: Role, organizationId?: number) {
  const user = await createUser(app);
  const orgId = organizationId ?? (await createOrganization(app, null)).id;
  await addMember(app, orgId, user, role);
  const client = await actingAs(app, app.client(), user, orgId);
  return { user, organizationId: orgId, client };
}
