import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneActivity } from '../../../server/features/activity/service';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { createActivityLog, createActivityLogs, createOrganization } from '../../helpers/factories';

const DAY = 86_400_000;

let app: TestApp;
const clock = new FakeClock(new Date('2026-11-25T12:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

async function entry(organizationId: number | null, description: string, at: Date) {
  await createActivityLog(app, organizationId, { event: 'updated', description, created_at: at });
}

const remaining = async (organizationIds: number[]) =>
  (
    await app.ctx.db
      .selectFrom('activity_logs')
      .select('description')
      .where((eb) => eb.or([eb('organization_id', 'in', organizationIds), eb('organization_id', 'is', null)]))
      .orderBy('id')
      .execute()
  ).map((r) => r.description);

const deletes = () => app.queries.filter((q) => /^delete from "activity_logs"/i.test(q.query.sql)).length;

describe('pruneActivity', () => {
  it('deletes entries older than N days in every organisation and keeps the recent ones', async () => {
    await app.ctx.db.deleteFrom('activity_logs').execute();
    const a = await createOrganization(app, null);
    const b = await createOrganization(app, null);
    const now = clock.now().getTime();
    await entry(a.id, 'A: a year and a day ago', new Date(now - 366 * DAY));
    await entry(a.id, 'A: just past the cutoff', new Date(now - 365 * DAY - 1));
    await entry(a.id, 'A: exactly at the cutoff', new Date(now - 365 * DAY));
    await entry(a.id, 'A: last week', new Date(now - 7 * DAY));
    await entry(b.id, 'B: two years ago', new Date(now - 730 * DAY));
    await entry(b.id, 'B: yesterday', new Date(now - DAY));
    await entry(null, 'Account: old', new Date(now - 400 * DAY));
    await entry(null, 'Account: recent', new Date(now - 10 * DAY));

    const report = await pruneActivity(app.ctx, { days: 365 });
    expect(report).toEqual({ cutoff: new Date(now - 365 * DAY), deleted: 4, batches: 1 });
    expect(await remaining([a.id, b.id])).toEqual(['A: exactly at the cutoff', 'A: last week', 'B: yesterday', 'Account: recent']);

    // Again: nothing left to delete.
    expect((await pruneActivity(app.ctx, { days: 365 })).deleted).toBe(0);
    // A shorter retention, measured from the clock's now.
    clock.advance(2 * DAY);
    // now - 6 days: the cutoff entry, last week's and the account's 10-day-old one go.
    expect((await pruneActivity(app.ctx, { days: 8 })).deleted).toBe(3);
    expect(await remaining([a.id, b.id])).toEqual(['B: yesterday']);
    clock.advance(-2 * DAY);
  });

  it('works in batches until a batch comes back short', async () => {
    await app.ctx.db.deleteFrom('activity_logs').execute();
    const org = await createOrganization(app, null);
    const old = new Date(clock.now().getTime() - 500 * DAY);
    await createActivityLogs(app, org.id, 7, (i) => ({ event: 'created', description: `Old ${i}`, created_at: old }));
    await entry(org.id, 'Recent', clock.now());

    const before = deletes();
    const report = await pruneActivity(app.ctx, { days: 30, batchSize: 3 });
    expect(report).toMatchObject({ deleted: 7, batches: 3 });
    expect(deletes() - before).toBe(3);
    expect(await remaining([org.id])).toEqual(['Recent']);

    // A last full batch needs one more (empty) statement to know it is done.
    await createActivityLogs(app, org.id, 6, (i) => ({ event: 'created', description: `Old ${i}`, created_at: old }));
    expect(await pruneActivity(app.ctx, { days: 30, batchSize: 3 })).toMatchObject({ deleted: 6, batches: 3 });
    expect(await remaining([org.id])).toEqual(['Recent']);
  });

  it('refuses a retention that is not a positive whole number of days', async () => {
    for (const days of [0, -1, 1.5, Number.NaN]) await expect(pruneActivity(app.ctx, { days })).rejects.toThrow(RangeError);
    await expect(pruneActivity(app.ctx, { days: 1, batchSize: 0 })).rejects.toThrow(RangeError);
  });
});
