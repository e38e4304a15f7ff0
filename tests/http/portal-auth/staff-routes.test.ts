import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createBoardUser, createInsight, createOrganization, linkBoardUsers } from '../../helpers/factories';
import { actingAsBoardMember, grantPortalAccess } from '../../helpers/portal';
import { routes, type RouteName } from '../../../shared/routes';

/**
 * Issue #27: a board member is signed in, but never as staff. Every route of the staff side, with
 * the ids of their own organisation's records, answers them 403 or 404: the class, from the route table.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Routes a board member may reach: public pages, guest forms, their own portal, machine endpoints with their own checks. */
const NOT_STAFF =
  /^(api\.|home|welcome\.new|privacy-policy|terms|up|public-insights\.|locale\.update|register|login|password\.(request|email|reset|store)$|two-factor\.login|passkeys\.login|org-login|invitations\.(show|accept)|portal\.|realtime\.webhook|broadcasting\.)/;

describe('a board member at the staff side', () => {
  it('gets 403 or 404 from every staff route, whatever the method', async () => {
    const org = await createOrganization(app, null, { slug: 'portal-staff-routes' });
    const boardUser = await createBoardUser(app, org.id, { email: 'member@staff-routes.test' });
    const insight = await createInsight(app, org.id, null, { status: 'published', published_at: new Date() });
    await linkBoardUsers(app, insight.id, [boardUser.id]);
    const member = await grantPortalAccess(app, boardUser);
    const client = await actingAsBoardMember(app, app.client(), member.id);

    const answers: Record<string, number> = {};
    for (const [name, spec] of Object.entries(routes) as [RouteName, string][]) {
      if (NOT_STAFF.test(name)) continue;
      const [methods, pattern] = spec.split(' ');
      const path = pattern.replace(/:(\w+)/g, (_m, param: string) =>
        param === 'id' ? String(name.startsWith('insights') ? insight.id : name.startsWith('organizations') || name.startsWith('activity') ? org.id : boardUser.id) : param === 'slug' ? org.slug : '1',
      );
      for (const method of methods.split('|')) {
        const res = await client.request(method, path, method === 'GET' ? undefined : {}, { inertia: true, headers: { Referer: `${app.url}/portal` } });
        answers[`${method} ${path} (${name})`] = res.status;
      }
    }
    const wrong = Object.entries(answers).filter(([, status]) => status !== 403 && status !== 404);
    expect(wrong).toEqual([]);
    expect(Object.keys(answers).length).toBeGreaterThan(80);
    // The JSON API knows bearer tokens only: a board member's session is no one there.
    expect((await client.request('GET', '/api/v1/board-users', undefined, { headers: { Accept: 'application/json' } })).status).toBe(401);
  });
});
