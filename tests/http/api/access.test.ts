import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { addMember, createBoardUser, createInsight, createOrganization, createUser, memberClient } from '../../helpers/factories';
import { apiCall, apiClient, createApiToken } from '../../helpers/api';
import { API_ABILITIES } from '../../../shared/api-abilities';
import { route } from '../../../shared/routes';
import { API_OPERATIONS } from '../../../server/features/api/operations';
import { exampleCall, send } from './fixtures';

let app: TestApp;
const clock = new FakeClock();
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const business = () => createOrganization(app, null, { plan: 'business' });

describe('API: every ability on every operation', () => {
  for (const op of API_OPERATIONS) {
    it(`${op.route} with ${op.ability}: allowed; without it: 403`, async () => {
      const org = await business();
      const allowed = await createApiToken(app, org.id, { abilities: [op.ability] });
      const refused = await createApiToken(app, org.id, { abilities: API_ABILITIES.filter((a) => a !== op.ability) });

      const no = await send(app, refused.token, await exampleCall(app, org.id, op.route));
      expect(no.status).toBe(403);
      expect(no.headers.get('content-type')).toContain('application/problem+json');
      expect(no.body).toMatchObject({ type: 'about:blank', title: 'Forbidden', status: 403 });
      expect(no.headers.get('www-authenticate')).toBe(`Bearer error="insufficient_scope", scope="${op.ability}"`);

      const yes = await send(app, allowed.token, await exampleCall(app, org.id, op.route));
      expect(yes.status, yes.text).toBe(op.status);
      expect(yes.headers.get('content-type')).toContain('application/json');
      expect(yes.headers.get('set-cookie')).toBeNull();
      expect(yes.headers.get('cache-control')).toBe('no-store');
    });
  }
});

describe('API: the token reaches its own organisation only', () => {
  it("another organisation's board users and insights are 404", async () => {
    const mine = await business();
    const theirs = await business();
    const { token } = await createApiToken(app, mine.id);
    const api = apiClient(app, token);
    const b = await createBoardUser(app, theirs.id, { first_name: 'Not', last_name: 'Yours' });
    const i = await createInsight(app, theirs.id, null, { status: 'published', published_at: new Date() });
    const stamp = { 'If-Match': `"${b.updated_at.toISOString()}"` };
    for (const res of [
      await api.get(route('api.board-users.show', { id: b.id })),
      await api.patch(route('api.board-users.update', { id: b.id }), { position: 'x' }, stamp),
      await api.delete(route('api.board-users.destroy', { id: b.id })),
      await api.post(route('api.board-users.restore', { id: b.id })),
      await api.get(route('api.insights.show', { id: i.id })),
      await api.patch(route('api.insights.update', { id: i.id }), { title: 'x' }, stamp),
      await api.post(route('api.insights.publish', { id: i.id })),
      await api.post(route('api.insights.share', { id: i.id })),
      await api.delete(route('api.insights.unshare', { id: i.id })),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, title: 'Not Found' });
    }
    const list = await api.get(route('api.board-users.index'));
    expect(list.body.data).toEqual([]);
    // Linking another organisation's board user is a field error, as on the form.
    const linked = await api.post(route('api.insights.store'), { title: 'T', category: 'risk', board_user_ids: [b.id] });
    expect(linked.status).toBe(422);
    expect(Object.keys(linked.body.errors)).toEqual(['board_user_ids']);
    expect(await app.ctx.db.selectFrom('board_users').select('position').where('id', '=', b.id).executeTakeFirstOrThrow()).toEqual({ position: null });
  });

  it('ids that are not ids are 404', async () => {
    const org = await business();
    const api = apiClient(app, (await createApiToken(app, org.id)).token);
    for (const id of ['0', '-1', 'abc', '99999999999', '1e3']) expect((await api.get(`/api/v1/board-users/${id}`)).status).toBe(404);
  });
});

describe('API: authentication', () => {
  it('no token, an unknown, an expired and a revoked token: 401 problems', async () => {
    const org = await business();
    const now = app.ctx.clock.now();
    const expired = await createApiToken(app, org.id, { expiresAt: new Date(now.getTime() - 1000) });
    const revoked = await createApiToken(app, org.id, { revokedAt: new Date(now.getTime() - 1000) });
    const path = route('api.board-users.index');
    const none = await apiCall(app, null, 'GET', path);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(none.body).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401 });
    expect(none.text).not.toMatch(/at \w+ \(|node_modules/);
    for (const token of [expired.token, revoked.token, 'bdly_unknown0000000000000000000000000000000', 'not-ours']) {
      const res = await apiCall(app, token, 'GET', path);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    expect((await apiCall(app, expired.token, 'GET', path)).headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('a token whose maker left the organisation still works', async () => {
    const org = await business();
    const maker = await createUser(app);
    await addMember(app, org.id, maker, 'admin');
    const { token } = await createApiToken(app, org.id, { createdBy: maker.id });
    await app.ctx.db.deleteFrom('memberships').where('user_id', '=', maker.id).execute();
    const res = await apiClient(app, token).post(route('api.board-users.store'), { first_name: 'Still', last_name: 'Works' });
    expect(res.status).toBe(201);
  });

  it('a browser session cannot call the API, and the API sets no cookie nor asks for CSRF', async () => {
    const { client, organizationId } = await memberClient(app, 'owner');
    const read = await client.get(route('api.board-users.index'), { headers: { Accept: 'application/json' } });
    expect(read.status).toBe(401);
    expect(read.headers.get('set-cookie')).toBeNull();
    const write = await client.post(route('api.board-users.store'), { first_name: 'Via', last_name: 'Cookie' });
    expect(write.status).toBe(401);
    // With a token, a POST without any CSRF token goes through (no session, nothing to forge).
    const { token } = await createApiToken(app, organizationId);
    const res = await apiCall(
      app,
      token,
      'POST',
      route('api.board-users.store'),
      { first_name: 'No', last_name: 'Csrf' },
      { Cookie: [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ') },
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('an unknown API path is a 404 problem, not the page', async () => {
    const org = await business();
    const res = await apiClient(app, (await createApiToken(app, org.id)).token).get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('the problem detail follows Accept-Language', async () => {
    const res = await apiCall(app, null, 'GET', route('api.board-users.index'), undefined, { 'Accept-Language': 'de' });
    expect(res.body.detail).toContain('API-Token');
  });
});

describe('API: bodies', () => {
  it('refuses a body over 1 MB (413), not JSON (415), unreadable JSON (400), not an object (400)', async () => {
    const org = await business();
    const { token } = await createApiToken(app, org.id);
    const path = route('api.board-users.store');
    const big = await apiCall(app, token, 'POST', path, { first_name: 'x'.repeat(1_100_000), last_name: 'y' });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ status: 413, title: 'Payload Too Large' });
    const form = await apiCall(app, token, 'POST', path, 'first_name=a&last_name=b', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const broken = await apiCall(app, token, 'POST', path, '{"first_name": ', {});
    expect(broken.status).toBe(400);
    expect(broken.body.status).toBe(400);
    expect(broken.text).not.toContain('SyntaxError');
    const list = await apiCall(app, token, 'POST', path, '[1,2]', {});
    expect(list.status).toBe(400);
    expect(await app.ctx.db.selectFrom('board_users').select('id').where('organization_id', '=', org.id).execute()).toEqual([]);
  });

  it('field errors as problem+json, every field at once', async () => {
    const org = await business();
    const api = apiClient(app, (await createApiToken(app, org.id)).token);
    const res = await api.post(route('api.board-users.store'), { first_name: '', email: 'not-an-email', tags: 'x', joined_on: 'soon' });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ type: 'urn:boardly:problem:validation-failed', title: 'Unprocessable Entity', status: 422 });
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'first_name', 'joined_on', 'last_name', 'tags']);
    for (const messages of Object.values(res.body.errors)) expect(messages).toEqual([expect.any(String)]);
    expect(res.body.errors.first_name[0]).not.toContain('{{');
  });

  it('keeps hostile text as text', async () => {
    const org = await business();
    const api = apiClient(app, (await createApiToken(app, org.id)).token);
    const hostile = { first_name: '<script>alert(1)</script>', last_name: '{braces} @@ {{x}}', position: '=HYPERLINK("http://evil")', notes: "'; drop table board_users; --" };
    const res = await api.post(route('api.board-users.store'), hostile);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject(hostile);
    const found = await api.get(`${route('api.board-users.index')}?search=${encodeURIComponent('<script>')}`);
    expect(found.body.data.map((b: { id: number }) => b.id)).toEqual([res.body.data.id]);
    const insight = await api.post(route('api.insights.store'), { title: '<img src=x onerror=alert(1)>', category: 'risk', body: '<script>x</script> {{a}}' });
    expect(insight.status).toBe(201);
    expect(insight.body.data.title).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('API: rate limits', () => {
  it('answers RateLimit headers, then 429 with Retry-After; each token has its own window', async () => {
    const org = await business();
    const a = await createApiToken(app, org.id);
    const b = await createApiToken(app, org.id);
    const path = route('api.activity.index');
    const first = await apiCall(app, a.token, 'GET', path);
    expect(first.headers.get('ratelimit-limit')).toBe('120');
    expect(first.headers.get('ratelimit-remaining')).toBe('119');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    for (let i = 0; i < 119; i++) await apiCall(app, a.token, 'GET', path);
    const over = await apiCall(app, a.token, 'GET', path);
    expect(over.status).toBe(429);
    expect(over.headers.get('content-type')).toContain('application/problem+json');
    expect(over.body).toMatchObject({ type: 'urn:boardly:problem:rate-limited', status: 429 });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('ratelimit-remaining')).toBe('0');
    expect((await apiCall(app, b.token, 'GET', path)).status).toBe(200);
    clock.advance(61_000);
    expect((await apiCall(app, a.token, 'GET', path)).status).toBe(200);
  }, 60_000);
});
