import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { createBoardUser, createInsight, createInsights, createOrganization, linkBoardUsers } from '../../helpers/factories';
import { actingAsBoardMember, grantPortalAccess } from '../../helpers/portal';
import { PORTAL_HOME_LIMIT } from '../../../server/features/portal/repository';

/** The director's home under load and attack: a cap with exact counts, fixed queries, hostile titles, oversized posts. */
let app: TestApp;
let orgId: number;
let boardUserId: number;
let client: TestClient;

beforeAll(async () => {
  app = await createTestApp();
  orgId = (await createOrganization(app, null)).id;
  const bu = await createBoardUser(app, orgId, { email: 'many@board.test', status: 'active' });
  boardUserId = bu.id;
  client = await actingAsBoardMember(app, app.client(), (await grantPortalAccess(app, bu)).id);
});
afterAll(() => app.close());

const home = async () => (await client.get('/portal', { inertia: true })).page().props;

describe('the home', () => {
  it('answers in the same number of queries for 2 insights as for 40', async () => {
    const add = async (n: number) => {
      const rows = await createInsights(app, orgId, null, n, (i) => ({ status: 'published' as const, published_at: new Date(Date.UTC(2026, 0, 1, 0, i)) }));
      for (const r of rows) await linkBoardUsers(app, r.id, [boardUserId]);
    };
    const count = async () => {
      const before = app.queries.length;
      await home();
      return app.queries.length - before;
    };
    await add(2);
    const small = await count();
    await add(38);
    expect(await count()).toBe(small);
    expect(small).toBeLessThanOrEqual(8);
  });

  it(`lists at most ${PORTAL_HOME_LIMIT}, newest first, with exact counts`, async () => {
    const rows = await createInsights(app, orgId, null, PORTAL_HOME_LIMIT, (i) => ({ status: 'published' as const, published_at: new Date(Date.UTC(2026, 5, 1, 0, i)) }));
    await app.ctx.db
      .insertInto('board_user_insight')
      .values(rows.map((r) => ({ insight_id: r.id, board_user_id: boardUserId })))
      .execute();
    const props = await home();
    expect(props).toMatchObject({ total: PORTAL_HOME_LIMIT + 40, unreadCount: PORTAL_HOME_LIMIT + 40, shown: PORTAL_HOME_LIMIT });
    expect(props.groups[0].insights).toHaveLength(PORTAL_HOME_LIMIT);
    expect(props.groups[0].insights[0].id).toBe(rows.at(-1)!.id);
  });

  it('carries hostile titles as text: the HTML shell holds no markup of theirs', async () => {
    const title = '</script><script>alert(1)</script> {braces} @@';
    await createInsight(app, orgId, null, { title, status: 'published', published_at: new Date(Date.UTC(2027, 0, 1)), boardUserIds: [boardUserId] });
    const res = await client.get('/portal');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.page().props.groups[0].insights[0].title).toBe(title);
  });

  it('refuses an oversized acknowledgement body without touching anything', async () => {
    const [row] = await createInsights(app, orgId, null, [{ status: 'published', published_at: new Date(), boardUserIds: [boardUserId] }]);
    const res = await client.post(`/portal/insights/${row.id}/acknowledge`, { junk: 'x'.repeat(2 * 1024 * 1024) }, { inertia: true });
    expect(res.status).toBe(413);
    expect(await app.ctx.db.selectFrom('insight_receipts').selectAll().where('insight_id', '=', row.id).execute()).toEqual([]);
  });
});
