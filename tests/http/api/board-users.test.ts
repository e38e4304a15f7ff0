import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createBoardUser, createOrganization, memberClient } from '../../helpers/factories';
import { apiClient, createApiToken } from '../../helpers/api';
import { route } from '../../../shared/routes';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function setup() {
  const org = await createOrganization(app, null, { plan: 'business' });
  const { token, id } = await createApiToken(app, org.id);
  return { org, api: apiClient(app, token), tokenId: id };
}

describe('API: board users', () => {
  it('lists with the page filters, shows, creates, updates with If-Match, deletes and restores', async () => {
    const { org, api, tokenId } = await setup();
    await createBoardUser(app, org.id, { first_name: 'Ada', last_name: 'Lovelace', status: 'active', tags: ['finance'] });
    await createBoardUser(app, org.id, { first_name: 'Bob', last_name: 'Inactive', status: 'inactive' });

    const list = await api.get(`${route('api.board-users.index')}?status=active&per_page=10`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((b: { first_name: string }) => b.first_name)).toEqual(['Ada']);
    expect(list.body.meta).toEqual({ page: 1, per_page: 10, total: 1, last_page: 1 });
    expect(list.headers.get('set-cookie')).toBeNull();
    expect(list.headers.get('ratelimit-limit')).toBe('120');

    const created = await api.post(route('api.board-users.index'), { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', tags: ['audit'] });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', status: 'active', tags: ['audit'], deleted_at: null });
    const id = created.body.data.id;
    expect(created.headers.get('location')).toContain(route('api.board-users.show', { id }));
    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('subject_id', '=', id).where('event', '=', 'created').executeTakeFirstOrThrow();
    expect(log.causer_id).toBeNull();
    expect(log.causer_token_id).toBe(tokenId);

    const shown = await api.get(route('api.board-users.show', { id }));
    expect(shown.status).toBe(200);
    const etag = shown.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);

    expect((await api.patch(route('api.board-users.update', { id }), { position: 'Chair' })).status).toBe(428);
    const updated = await api.patch(route('api.board-users.update', { id }), { position: 'Chair' }, { 'If-Match': etag });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ position: 'Chair', email: 'grace@example.com' });
    const stale = await api.patch(route('api.board-users.update', { id }), { position: 'Treasurer' }, { 'If-Match': etag });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('content-type')).toContain('application/problem+json');

    const invalid = await api.patch(route('api.board-users.update', { id }), { first_name: '', email: 'nope' }, { 'If-Match': updated.headers.get('etag')! });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.first_name).toHaveLength(1);
    expect(invalid.body.errors.email).toHaveLength(1);

    const deleted = await api.delete(route('api.board-users.destroy', { id }));
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.deleted_at).not.toBeNull();
    const restored = await api.post(route('api.board-users.restore', { id }));
    expect(restored.status).toBe(200);
    expect(restored.body.data.deleted_at).toBeNull();
  });

  it('a session cookie alone gets 401', async () => {
    const { client } = await memberClient(app, 'owner');
    const res = await client.get(route('api.board-users.index'), { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });
});
