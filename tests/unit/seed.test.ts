import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPeople, demoSignIns, seedDemo } from '../../server/db/seed';
import { createTestDatabase } from '../helpers/database';

const groupBy = <T>(items: T[], key: (item: T) => string | null) => {
  const groups = new Map<string | null, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Handle;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db, 'a demo password');
}, 60_000);
afterAll(() => database.close());

describe('demo seed: board users with realistic, varied names', () => {
  it('gives every board user a different full name and every board a mix of surnames', async () => {
    const rows = await database.db.selectFrom('board_users').select(['first_name', 'last_name', 'email', 'board_name']).execute();
    expect(rows).toHaveLength(32);
    const full = rows.map((r) => `${r.first_name} ${r.last_name}`);
    expect(new Set(full).size).toBe(32);
    expect(new Set(rows.map((r) => r.email)).size).toBe(32);
    // No surname stands for a whole board: at most two people share one, and each board mixes them.
    const bySurname = groupBy(rows, (r) => r.last_name);
    expect(Math.max(...[...bySurname.values()].map((g) => g.length))).toBeLessThanOrEqual(2);
    for (const [board, members] of groupBy(rows, (r) => r.board_name)) {
      expect(new Set(members.map((m) => m.last_name)).size, String(board)).toBe(members.length);
    }
  });

  it('is the same on every run (a fixed seed), and another seed gives other people', async () => {
    const rows = await database.db.selectFrom('board_users').select(['first_name', 'last_name', 'email']).orderBy('id').execute();
    expect(await demoPeople(32)).toEqual(rows);
    expect(await demoPeople(32)).toEqual(await demoPeople(32));
    expect((await demoPeople(32, 7)).map((p) => p.email)).not.toEqual(rows.map((r) => r.email));
  });
});

describe('demo seed: its sign-ins, for every start to print', () => {
  it('keeps the password with the database and lists the accounts that still use it', async () => {
    const all = await demoSignIns(database.db);
    expect(all).toMatchObject({ password: 'a demo password', organization: { name: 'Northwind Governance', slug: 'northwind' } });
    expect(all!.accounts.map((a) => `${a.email} ${a.role}`)).toEqual([
      'owner@boardly.test owner',
      'admin@boardly.test admin',
      'editor@boardly.test editor',
      'viewer@boardly.test viewer',
      'platform@boardly.test platform admin',
    ]);
    await database.db.updateTable('users').set({ password: 'another hash' }).where('email', '=', 'owner@boardly.test').execute();
    expect((await demoSignIns(database.db))!.accounts.map((a) => a.email)).not.toContain('owner@boardly.test');
  });

  it('is null for a database that was not seeded as a demo', async () => {
    const empty = await createTestDatabase();
    try {
      expect(await demoSignIns(empty.db)).toBeNull();
    } finally {
      await empty.close();
    }
  }, 60_000);
});
