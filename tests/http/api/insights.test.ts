import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createBoardUser, createInsights, createOrganization } from '../../helpers/factories';
import { apiClient, createApiToken } from '../../helpers/api';
import { route } from '../../../shared/routes';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function setup(plan: 'free' | 'team' | 'business' = 'business') {
  const org = await createOrganization(app, null, { plan });
  const token = await createApiToken(app, org.id, { name: 'CRM sync' });
  return { org, api: apiClient(app, token.token), tokenId: token.id };
}

describe('API: insights', () => {
  it('writes a draft without an author, updates it with If-Match, publishes, shares and unshares it; the log names the token', async () => {
    const { org, api, tokenId } = await setup();
    const b = await createBoardUser(app, org.id, { first_name: 'Ada', last_name: 'Lovelace' });
    const created = await api.post(route('api.insights.store'), { title: 'Q3 review', category: 'finance', body: '**Numbers**', board_user_ids: [b.id] });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ title: 'Q3 review', status: 'draft', author_id: null, board_user_ids: [b.id], shared: false, share_url: null });
    const id = created.body.data.id;
    // Live pages hear of it, as after a form.
    expect(app.broadcasts.published.some((m) => m.event === 'InsightChanged' && (m.data as { id: number }).id === id)).toBe(true);

    const shown = await api.get(route('api.insights.show', { id }));
    expect(shown.headers.get('etag')).toBe(created.headers.get('etag'));
    expect((await api.patch(route('api.insights.update', { id }), { summary: 'Short' })).status).toBe(428);
    const updated = await api.patch(route('api.insights.update', { id }), { summary: 'Short' }, { 'If-Match': shown.headers.get('etag')! });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ summary: 'Short', title: 'Q3 review', board_user_ids: [b.id], body: '**Numbers**' });
    expect(updated.headers.get('etag')).not.toBe(shown.headers.get('etag'));
    expect((await api.patch(route('api.insights.update', { id }), { title: 'Late' }, { 'If-Match': shown.headers.get('etag')! })).status).toBe(412);
    // `*` matches whatever the version.
    expect((await api.patch(route('api.insights.update', { id }), { title: 'Any' }, { 'If-Match': '*' })).status).toBe(200);

    // A draft cannot be shared: a field error, as on the page.
    const early = await api.post(route('api.insights.share', { id }));
    expect(early.status).toBe(422);
    expect(Object.keys(early.body.errors)).toEqual(['share']);

    const published = await api.post(route('api.insights.publish', { id }));
    expect(published.body.data).toMatchObject({ status: 'published' });
    expect(published.body.data.published_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const shared = await api.post(route('api.insights.share', { id }));
    expect(shared.body.data.shared).toBe(true);
    expect(shared.body.data.share_url).toContain(`/p/${org.slug}/`);
    const unshared = await api.delete(route('api.insights.unshare', { id }));
    expect(unshared.body.data).toMatchObject({ shared: false, share_url: null });

    const log = await app.ctx.db
      .selectFrom('activity_logs')
      .select(['event', 'causer_id', 'causer_token_id'])
      .where('subject_type', '=', 'insight')
      .where('subject_id', '=', id)
      .orderBy('id')
      .execute();
    expect(log.map((r) => r.event)).toEqual(['created', 'updated', 'updated', 'published', 'shared', 'unshared']);
    expect(new Set(log.map((r) => r.causer_token_id))).toEqual(new Set([tokenId]));
    expect(new Set(log.map((r) => r.causer_id))).toEqual(new Set([null]));
  });

  it('lists with the search, category and status filters and pages', async () => {
    const { org, api } = await setup();
    await createInsights(app, org.id, null, [
      { title: 'Budget 2027', category: 'finance', status: 'published', published_at: new Date() },
      { title: 'Budget draft', category: 'finance' },
      { title: 'Risk register', category: 'risk' },
    ]);
    const finance = await api.get(`${route('api.insights.index')}?category=finance&sort=title&direction=asc`);
    expect(finance.body.data.map((i: { title: string }) => i.title)).toEqual(['Budget 2027', 'Budget draft']);
    const published = await api.get(`${route('api.insights.index')}?status=published`);
    expect(published.body.data.map((i: { title: string }) => i.title)).toEqual(['Budget 2027']);
    const search = await api.get(`${route('api.insights.index')}?search=risk`);
    expect(search.body.data.map((i: { title: string }) => i.title)).toEqual(['Risk register']);
    const paged = await api.get(`${route('api.insights.index')}?per_page=2&page=2&sort=title&direction=asc`);
    expect(paged.body.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(paged.body.data.map((i: { title: string }) => i.title)).toEqual(['Risk register']);
  });

  it('the plan limits apply as on the forms', async () => {
    const { org, api } = await setup('free');
    const limit = await app.ctx.db.selectFrom('subscriptions').select('plan').where('organization_id', '=', org.id).executeTakeFirstOrThrow();
    expect(limit.plan).toBe('free');
    const published = (await api.post(route('api.insights.store'), { title: 'T', category: 'risk' })).body.data;
    await api.post(route('api.insights.publish', { id: published.id }));
    const share = await api.post(route('api.insights.share', { id: published.id }));
    // The free plan has no public links.
    expect(share.status).toBe(422);
    expect(share.body.errors.share).toHaveLength(1);
  });
});
