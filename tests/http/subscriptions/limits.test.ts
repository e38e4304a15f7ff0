import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../../server/db/types';
import { ValidationError } from '../../../server/errors';
import { localizeDeep } from '../../../server/i18n/message';
import { assertWithinLimit, usageOf } from '../../../server/account/limits';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { addMember, createBoardUsers, createInsights, createInvitation, createOrganization, createUser, memberClient } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock();
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

async function org(plan: Plan) {
  return (await createOrganization(app, null, { plan })).id;
}
/** `n` published insights, the first `shared` of them with a public link. */
const addInsights = (orgId: number, n: number, shared = 0) =>
  createInsights(app, orgId, null, n, (i) => ({
    title: `Insight ${i}`,
    category: 'other',
    status: 'published',
    share_token: i < shared ? `t-${orgId}-${i}-${Math.random().toString(36).slice(2)}` : null,
  }));

/** The message assertWithinLimit throws, as an English reader sees it (or null when it lets the create through). */
async function refusal(orgId: number, limit: Parameters<typeof assertWithinLimit>[2], options?: Parameters<typeof assertWithinLimit>[3]) {
  try {
    await app.ctx.db.transaction().execute((trx) => assertWithinLimit(trx, orgId, limit, { now: clock.now(), ...options }));
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return localizeDeep('en-US', (error as ValidationError).errors);
  }
}

describe('assertWithinLimit(db, organizationId, limit, options)', () => {
  it('board users: up to the limit, then one message naming plan, limit and count', async () => {
    const id = await org('free');
    await createBoardUsers(app, id, 24);
    expect(await refusal(id, 'boardUsers')).toBeNull();
    await createBoardUsers(app, id, 1);
    expect(await refusal(id, 'boardUsers')).toEqual({ form: 'The Free plan allows 25 board users; you have 25. Upgrade your plan to add more.' });
    expect(await refusal(id, 'boardUsers', { field: 'first_name' })).toEqual({ first_name: 'The Free plan allows 25 board users; you have 25. Upgrade your plan to add more.' });
  });

  it('insights', async () => {
    const id = await org('free');
    await addInsights(id, 50);
    expect(await refusal(id, 'insights')).toEqual({ form: 'The Free plan allows 50 insights; you have 50. Upgrade your plan to add more.' });
  });

  it('members, counting open invitations (expired and revoked ones do not)', async () => {
    const id = await org('free');
    for (let i = 0; i < 2; i++) await addMember(app, id, await createUser(app), 'viewer');
    const invite = (email: string, extra = {}) => createInvitation(app, id, { email, role: 'viewer', expires_at: new Date(clock.now().getTime() + 7 * DAY), ...extra });
    await invite('old@example.test', { expires_at: new Date(clock.now().getTime() - DAY) });
    await invite('gone@example.test', { revoked_at: clock.now() });
    expect(await refusal(id, 'members')).toBeNull();
    await invite('open@example.test');
    expect(await refusal(id, 'members')).toEqual({ form: 'The Free plan allows 3 members; you have 3 (including 1 pending invitation). Upgrade your plan to add more.' });
  });

  it('public links: Free does not include them at all', async () => {
    const id = await org('free');
    expect(await refusal(id, 'publicLinks', { field: 'share' })).toEqual({ share: 'The Free plan does not include public links. Upgrade your plan to use them.' });
  });

  it('several at once with `adding`', async () => {
    const id = await org('free');
    await createBoardUsers(app, id, 20);
    expect(await refusal(id, 'boardUsers', { adding: 5 })).toBeNull();
    expect(await refusal(id, 'boardUsers', { adding: 6 })).toEqual({ form: 'The Free plan allows 25 board users; you have 20. Upgrade your plan to add more.' });
  });

  it('unlimited plans never refuse; an ended subscription counts as Free', async () => {
    const id = await org('business');
    await createBoardUsers(app, id, 30);
    await addInsights(id, 60, 3);
    for (const limit of ['boardUsers', 'insights', 'publicLinks', 'members'] as const) expect(await refusal(id, limit)).toBeNull();
    await app.ctx.db.updateTable('subscriptions').set({ status: 'ended' }).where('organization_id', '=', id).execute();
    expect(await refusal(id, 'boardUsers')).toEqual({ form: 'The Free plan allows 25 board users; you have 30. Upgrade your plan to add more.' });
    expect(await usageOf(app.ctx.db, id, clock.now())).toEqual({ members: 0, pendingInvitations: 0, boardUsers: 30, insights: 60, publicLinks: 3, portalMembers: 0 });
  });

  it('Team allows 10 members and 500 board users', async () => {
    const id = await org('team');
    for (let i = 0; i < 10; i++) await addMember(app, id, await createUser(app), 'viewer');
    expect(await refusal(id, 'members')).toEqual({ form: 'The Team plan allows 10 members; you have 10. Upgrade your plan to add more.' });
    await createBoardUsers(app, id, 500);
    expect(await refusal(id, 'boardUsers')).toEqual({ form: 'The Team plan allows 500 board users; you have 500. Upgrade your plan to add more.' });
  });
});

/**
 * Where records are created (the other features' endpoints) the refusal is a validation message
 * naming the plan and the limit, never a 500.
 */
describe('limits where records are created', () => {
  async function errorsAfter(c: TestClient, method: 'POST' | 'PUT', path: string, body: unknown, from: string) {
    const res = await c.request(method, path, body, { inertia: true, headers: { Referer: `${app.url}${from}` } });
    expect(res.status).toBeLessThan(400);
    return (await c.get(from, { inertia: true })).json().props.errors as Record<string, string>;
  }

  it('board users', async () => {
    const id = await org('free');
    await createBoardUsers(app, id, 25);
    const { client } = await memberClient(app, 'editor', id);
    const errors = await errorsAfter(
      client,
      'POST',
      '/board-users',
      { first_name: 'One', last_name: 'Toomany', email: '', phone: '', position: '', board_name: '', status: 'active', tags: [], notes: '', joined_on: '' },
      '/board-users/create',
    );
    expect(Object.values(errors).join(' ')).toMatch(/Free.*25 board users/);
    expect(
      Number(
        (
          await app.ctx.db
            .selectFrom('board_users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('organization_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(25);
  });

  it('insights', async () => {
    const id = await org('free');
    await addInsights(id, 50);
    const { client } = await memberClient(app, 'editor', id);
    const errors = await errorsAfter(client, 'POST', '/insights', { title: 'One too many', category: 'other', body: '', summary: '', board_user_ids: [] }, '/insights/create');
    expect(Object.values(errors).join(' ')).toMatch(/Free.*50 insights/);
  });

  it('public links (sharing)', async () => {
    const id = await org('free');
    const [insight] = await addInsights(id, 1);
    const { client } = await memberClient(app, 'editor', id);
    const errors = await errorsAfter(client, 'POST', `/insights/${insight.id}/share`, {}, `/insights/${insight.id}`);
    expect(Object.values(errors).join(' ')).toMatch(/Free.*public links/);
  });

  it('members (invitations)', async () => {
    const id = await org('free');
    for (let i = 0; i < 2; i++) await addMember(app, id, await createUser(app), 'viewer');
    const { client } = await memberClient(app, 'admin', id);
    const errors = await errorsAfter(client, 'POST', '/users', { email: 'fourth@example.test', role: 'viewer' }, '/users/create');
    expect(Object.values(errors).join(' ')).toMatch(/Free.*3 members/);
  });
});
