import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { createOrganization, createUser, memberClient } from '../../helpers/factories';

/**
 * Issue #12, bug 4: "Stop sharing" must be immediate. Public pages are revalidated on every
 * visit (no-cache + ETag): an unchanged page answers 304, an unshared one 404 at once.
 */
let app: TestApp;
let editor: TestClient;
let orgSlug: string;

beforeAll(async () => {
  app = await createTestApp();
  const m = await memberClient(app, 'editor', (await createOrganization(app, await createUser(app), { plan: 'team', slug: 'reval-org' })).id);
  editor = m.client;
  orgSlug = 'reval-org';
});
afterAll(() => app.close());

/** A published insight shared through the real endpoint; returns its id and public path. */
async function sharedInsight(title = 'Quarterly risk review') {
  const created = await editor.post('/insights', { title, summary: 'Short', body: 'Body', category: 'risk', board_user_ids: [] }, { inertia: true });
  const id = Number(created.location!.split('/').pop());
  expect((await editor.post(`/insights/${id}/publish`, {}, { inertia: true })).status).toBe(303);
  expect((await editor.post(`/insights/${id}/share`, {}, { inertia: true })).status).toBe(303);
  const row = await app.ctx.db.selectFrom('insights').select('share_token').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, path: `/p/${orgSlug}/${row.share_token}` };
}

/**
 * A browser's revalidation. (Cache-Control: max-age=0 as browsers send it: without one, fetch
 * adds `no-cache` to a conditional request, and a server must then answer in full.)
 */
const revalidate = (client: TestClient, path: string, etag: string, inertia = false) => client.get(path, { inertia, headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });

async function visitor() {
  const guest = app.client();
  await guest.prime('/');
  return guest;
}

describe('public insight pages revalidate on every visit', () => {
  it('are sent no-cache with an ETag; the same page answers 304 without a body (and without a new CSP nonce)', async () => {
    const { path } = await sharedInsight();
    const guest = await visitor();
    const first = await guest.get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();

    const again = await revalidate(guest, path, etag!);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // The browser keeps the stored page and its stored CSP: a new nonce would not match the old body.
    expect(again.headers.get('content-security-policy')).toBeNull();
  });

  it('an unshared insight answers 404 to the very next revalidation', async () => {
    const { id, path } = await sharedInsight('Soon unshared');
    const guest = await visitor();
    const first = await guest.get(path);
    const etag = first.headers.get('etag')!;
    expect((await revalidate(guest, path, etag)).status).toBe(304);

    expect((await editor.delete(`/insights/${id}/share`, {}, { inertia: true })).status).toBe(303);
    const after = await revalidate(guest, path, etag);
    expect(after.status).toBe(404);
    expect(after.page().component).toBe('Errors/404');
    expect(after.text).not.toContain('Soon unshared');
  });

  it('an edited insight answers 200 with a new ETag', async () => {
    const { id, path } = await sharedInsight('Before the edit');
    const guest = await visitor();
    const etag = (await guest.get(path)).headers.get('etag')!;
    const edited = await editor.put(`/insights/${id}`, { title: 'After the edit', summary: 'Short', body: 'Body', category: 'risk', board_user_ids: [] }, { inertia: true });
    expect(edited.status).toBe(303);
    const after = await revalidate(guest, path, etag);
    expect(after.status).toBe(200);
    expect(after.page().props.insight.title).toBe('After the edit');
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('another visitor’s ETag does not match (the page carries each session’s own CSRF token)', async () => {
    const { path } = await sharedInsight('Per visitor');
    const etag = (await (await visitor()).get(path)).headers.get('etag')!;
    const other = await visitor();
    expect((await revalidate(other, path, etag)).status).toBe(200);
  });

  it('Inertia visits revalidate the same way', async () => {
    const { id, path } = await sharedInsight('Via Inertia');
    const guest = await visitor();
    const first = await guest.get(path, { inertia: true });
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    expect((await revalidate(guest, path, etag, true)).status).toBe(304);
    await editor.delete(`/insights/${id}/share`, {}, { inertia: true });
    expect((await revalidate(guest, path, etag, true)).status).toBe(404);
  });

  it('the organization’s listing drops an unshared insight on the next revalidation', async () => {
    const { id } = await sharedInsight('Listed then unlisted');
    const guest = await visitor();
    const first = await guest.get(`/p/${orgSlug}`);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.text).toContain('Listed then unlisted');
    const etag = first.headers.get('etag')!;
    await editor.delete(`/insights/${id}/share`, {}, { inertia: true });
    const after = await revalidate(guest, `/p/${orgSlug}`, etag);
    expect(after.status).toBe(200);
    expect(after.text).not.toContain('Listed then unlisted');
  });
});
