import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrate';
import type { Role } from '../../server/db/types';
import { findSessionWithIdentity } from '../../server/tenancy/identity-repository';
import { findOrganizationFor, toCurrentOrganization } from '../../server/tenancy/repository';

/**
 * One identity path (#25): the session's one query and `findOrganizationFor` read the organisation
 * a request acts in through the same query (`organizationSeenBy`) and the same rule
 * (`toCurrentOrganization`), so they agree on every case: member, stranger, platform admin,
 * deleted organisation, the two-factor requirement met or not, and a session naming no valid id.
 */
describe('the organisation a request acts in, read one way', () => {
  let handle: DatabaseHandle;
  let seq = 0;

  beforeAll(async () => {
    handle = createDatabase({ pgliteDir: 'memory' });
    await migrateToLatest(handle.db);
  });
  afterAll(() => handle.close());

  const now = new Date();
  async function user(platformAdmin = false) {
    seq += 1;
    return handle.db
      .insertInto('users')
      .values({ name: `U${seq}`, email: `u${seq}@example.test`, password: 'x', is_platform_admin: platformAdmin })
      .returning(['id'])
      .executeTakeFirstOrThrow();
  }
  async function organization(options: { requireTwoFactor?: boolean; deleted?: boolean } = {}) {
    seq += 1;
    return handle.db
      .insertInto('organizations')
      .values({ name: `O${seq}`, slug: `o-${seq}`, require_two_factor: options.requireTwoFactor ?? false, deleted_at: options.deleted ? now : null, created_at: now, updated_at: now })
      .returning(['id'])
      .executeTakeFirstOrThrow();
  }
  const join = (organizationId: number, userId: number, role: Role) => handle.db.insertInto('memberships').values({ organization_id: organizationId, user_id: userId, role }).execute();
  async function session(userId: number, organizationId: unknown) {
    seq += 1;
    const id = `session-${seq}`;
    await handle.db
      .insertInto('sessions')
      .values({ id, user_id: userId, data: JSON.stringify({ organization_id: organizationId }), ip: null, user_agent: 'test', last_activity: now })
      .execute();
    return id;
  }

  /** What each path says about `userId` acting in `organizationId`. */
  async function bothPaths(userId: number, organizationId: number, platformAdmin = false) {
    const found = await findSessionWithIdentity(handle.db, await session(userId, organizationId), false);
    const bySession = toCurrentOrganization(found?.organization ?? undefined, platformAdmin);
    const byQuery = await findOrganizationFor(handle.db, userId, organizationId, platformAdmin);
    expect(bySession).toEqual(byQuery);
    return bySession;
  }

  it('a member: their role, and the two-factor rule met when nothing is required', async () => {
    const [u, o] = [await user(), await organization()];
    await join(o.id, u.id, 'editor');
    expect(await bothPaths(u.id, o.id)).toMatchObject({ id: o.id, role: 'editor', two_factor_missing: false });
  });

  it('a stranger: nothing; a platform admin: the organisation without a role', async () => {
    const [stranger, admin, o] = [await user(), await user(true), await organization()];
    expect(await bothPaths(stranger.id, o.id)).toBeUndefined();
    expect(await bothPaths(admin.id, o.id, true)).toMatchObject({ id: o.id, role: null, two_factor_missing: false });
  });

  it('a deleted organisation: nothing, even for its owner', async () => {
    const [u, o] = [await user(), await organization({ deleted: true })];
    await join(o.id, u.id, 'owner');
    expect(await bothPaths(u.id, o.id)).toBeUndefined();
  });

  it('an organisation requiring two factors: missing until the member confirms one', async () => {
    const [u, o] = [await user(), await organization({ requireTwoFactor: true })];
    await join(o.id, u.id, 'viewer');
    expect(await bothPaths(u.id, o.id)).toMatchObject({ two_factor_missing: true });
    await handle.db.insertInto('two_factor_credentials').values({ user_id: u.id, secret: 's', confirmed_at: null, created_at: now }).execute();
    expect(await bothPaths(u.id, o.id)).toMatchObject({ two_factor_missing: true });
    await handle.db.updateTable('two_factor_credentials').set({ confirmed_at: now }).where('user_id', '=', u.id).execute();
    expect(await bothPaths(u.id, o.id)).toMatchObject({ two_factor_missing: false });
  });

  it('a session whose organisation id is not an integer key names no organisation (never a cast error)', async () => {
    const u = await user();
    for (const bad of ['1', 1.5, 99_999_999_999, -1, null, { id: 1 }]) {
      const found = await findSessionWithIdentity(handle.db, await session(u.id, bad), false);
      expect(found?.user?.id).toBe(u.id);
      expect(found?.organization).toBeNull();
    }
  });
});
