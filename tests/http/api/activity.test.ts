import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createActivityLogs, createOrganization, createUser } from '../../helpers/factories';
import { apiClient, createApiToken } from '../../helpers/api';
import { route } from '../../../shared/routes';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('API: activity', () => {
  it('pages through the log newest first with an opaque cursor, entries written meanwhile do not shift it', async () => {
    const org = await createOrganization(app, null, { plan: 'business' });
    const api = apiClient(app, (await createApiToken(app, org.id, { abilities: ['activity:read'] })).token);
    // Five entries in the same instant: the id breaks the tie.
    const at = new Date('2026-11-20T10:00:00Z');
    const rows = await createActivityLogs(
      app,
      org.id,
      Array.from({ length: 5 }, () => ({ created_at: at })),
    );
    const ids = rows.map((r) => r.id).sort((a, b) => b - a);
    const first = await api.get(`${route('api.activity.index')}?per_page=2`);
    expect(first.body.data.map((e: { id: number }) => e.id)).toEqual(ids.slice(0, 2));
    expect(first.body.next_cursor).toEqual(expect.any(String));
    await createActivityLogs(app, org.id, [{ created_at: new Date('2026-11-21T10:00:00Z') }]);
    const second = await api.get(`${route('api.activity.index')}?per_page=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((e: { id: number }) => e.id)).toEqual(ids.slice(2, 4));
    const third = await api.get(`${route('api.activity.index')}?per_page=2&cursor=${second.body.next_cursor}`);
    expect(third.body.data.map((e: { id: number }) => e.id)).toEqual(ids.slice(4));
    expect(third.body.next_cursor).toBeNull();

    const broken = await api.get(`${route('api.activity.index')}?cursor=${encodeURIComponent('{not ours}')}`);
    expect(broken.status).toBe(400);
    expect(broken.headers.get('content-type')).toContain('application/problem+json');
  });

  it("filters by causer, event, subject type and dates, and names the token or member as facts (no sentences); another organisation's entries never show", async () => {
    const org = await createOrganization(app, null, { plan: 'business' });
    const other = await createOrganization(app, null, { plan: 'business' });
    const member = await createUser(app, { name: 'Mia Member' });
    const token = await createApiToken(app, org.id, { name: 'HR sync' });
    const api = apiClient(app, token.token);
    await createActivityLogs(app, org.id, [
      { event: 'created', subject_type: 'board_user', subject_id: 1, causer_id: member.id, created_at: new Date('2026-11-01T12:00:00Z'), facts: JSON.stringify({ name: 'X' }) },
      {
        event: 'updated',
        subject_type: 'insight',
        subject_id: 2,
        causer_token_id: token.id,
        created_at: new Date('2026-11-10T12:00:00Z'),
        properties: JSON.stringify({ attributes: { api_token: 'secret' } }),
      },
    ]);
    await createActivityLogs(app, other.id, [{ event: 'created', subject_type: 'board_user', created_at: new Date('2026-11-05T12:00:00Z') }]);

    const all = await api.get(route('api.activity.index'));
    expect(all.body.data).toHaveLength(2);
    const [byToken, byMember] = all.body.data;
    expect(byToken).toMatchObject({ event: 'updated', subject_type: 'insight', causer: { type: 'api_token', id: token.id, name: 'HR sync' }, properties: { attributes: { api_token: '[hidden]' } } });
    expect(byMember).toMatchObject({ event: 'created', causer: { type: 'user', id: member.id, name: 'Mia Member' }, facts: { name: 'X' } });
    expect(byMember).not.toHaveProperty('description');
    expect(byMember.created_at).toBe('2026-11-01T12:00:00.000Z');

    const pick = async (query: string) => (await api.get(`${route('api.activity.index')}?${query}`)).body.data.map((e: { event: string }) => e.event);
    expect(await pick(`causer=${member.id}`)).toEqual(['created']);
    expect(await pick('causer=system')).toEqual(['updated']);
    expect(await pick('event=updated')).toEqual(['updated']);
    expect(await pick('subject_type=board_user')).toEqual(['created']);
    expect(await pick('from=2026-11-05')).toEqual(['updated']);
    expect(await pick('to=2026-11-05')).toEqual(['created']);
    expect(await pick('from=2026-11-02&to=2026-11-03')).toEqual([]);
  });
});
