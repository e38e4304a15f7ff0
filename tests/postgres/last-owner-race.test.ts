import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization, User } from '../../server/db/types';
import { ValidationError } from '../../server/errors';
import { changeRole, findMemberView } from '../../server/features/users/service';
import { deleteAccount } from '../../server/features/profile/service';
import type { ActingIn } from '../../server/tenancy/acting';
import { findOrganizationFor, lockOwners } from '../../server/tenancy/repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDriver } from '../helpers/database';
import { addMember, createOrganization, createUser, PASSWORD } from '../helpers/factories';

/**
 * Issue #13 item 5: "is this the last owner" is decided inside the write's transaction under a row
 * lock on the organisation's owner memberships. Two real connections race here: owner A deletes
 * their account while (in another tab) demoting the other owner B. Whichever runs second must see
 * the first, so the organisation keeps exactly one owner.
 *
 * PostgreSQL only (vitest.config.ts puts tests/postgres in the postgres project): PGlite has one
 * connection and runs transactions one after another, so nothing can interleave there.
 */
describe('the last owner under concurrency (PostgreSQL)', () => {
  let app: TestApp;

  beforeAll(async () => {
    expect(testDriver).toBe('postgres');
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  async function setUp() {
    const a = await createUser(app);
    const b = await createUser(app);
    const org = await createOrganization(app, a);
    await addMember(app, org.id, b, 'owner');
    const current = (await findOrganizationFor(app.ctx.db, a.id, org.id, false))!;
    const acting: ActingIn = { user: a, organization: current, role: current.role, ip: '127.0.0.1', userAgent: 'race test' };
    return { a, b, org, acting };
  }

  /** Transactions of this test waiting for a row lock on memberships (ours are the only ones in this schema). */
  async function lockWaiters(): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()
        and (query ilike '%memberships%' or query ilike '%"users"%')`.execute(app.ctx.db);
    return rows[0].n;
  }

  async function waitForWaiters(n: number) {
    for (let i = 0; i < 500 && (await lockWaiters()) < n; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await lockWaiters()).toBeGreaterThanOrEqual(n);
  }

  /**
   * Holds the owners' lock in a third transaction, queues `first` then `second` behind it (so
   * both have read whatever they read before locking), then lets them go.
   */
  async function race(org: Organization, first: () => Promise<unknown>, second: () => Promise<unknown>) {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const holding = new Promise<void>((r) => (locked = r));
    const blocker = app.ctx.db.transaction().execute(async (trx) => {
      await lockOwners(trx, org.id);
      locked();
      await released;
    });
    await holding;
    const one = first();
    await waitForWaiters(1);
    const two = second();
    await waitForWaiters(2);
    release();
    await blocker;
    return Promise.allSettled([one, two]);
  }

  async function ownersOf(org: Organization) {
    return app.ctx.db.selectFrom('memberships').select('user_id').where('organization_id', '=', org.id).where('role', '=', 'owner').execute();
  }

  const demote = (acting: ActingIn, b: User) => async () => changeRole(app.ctx, acting, (await findMemberView(app.ctx, acting.organization, b.id))!, 'admin');
  const removeAccount = (acting: ActingIn) => () => deleteAccount(app.ctx, acting, PASSWORD);

  it('demotion first, account deletion second: the deletion is refused', async () => {
    const { a, b, org, acting } = await setUp();
    const [demoted, deleted] = await race(org, demote(acting, b), removeAccount(acting));
    expect(demoted.status).toBe('fulfilled');
    expect(deleted.status).toBe('rejected');
    expect((deleted as PromiseRejectedResult).reason).toBeInstanceOf(ValidationError);
    expect(await ownersOf(org)).toEqual([{ user_id: a.id }]);
  });

  it('account deletion first, demotion second: the demotion is refused', async () => {
    const { b, org, acting } = await setUp();
    const [deleted, demoted] = await race(org, removeAccount(acting), demote(acting, b));
    expect(deleted.status).toBe('fulfilled');
    expect(demoted.status).toBe('rejected');
    expect((demoted as PromiseRejectedResult).reason).toBeInstanceOf(ValidationError);
    expect(await ownersOf(org)).toEqual([{ user_id: b.id }]);
  });
});
