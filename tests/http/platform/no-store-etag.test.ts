import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { actingAs, createOrganization, createUser } from '../../helpers/factories';

/**
 * Issue #14: a signed-in answer is `no-store`, so nothing keeps it and nothing revalidates it:
 * it is sent without an ETag (hashing the body cost ≈ 9 µs per page). Guest answers keep theirs
 * (tests/http/public-insights/revalidation.test.ts revalidates them).
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('ETags', () => {
  it('a signed-in page, HTML or Inertia JSON, is no-store and has no ETag, and its length is exact', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner);
    const client = await actingAs(app, app.client(), owner, org.id);
    for (const inertia of [false, true]) {
      const res = await client.get('/board-users', { inertia, headers: { 'Accept-Encoding': 'identity' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('etag')).toBeNull();
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(res.text));
      if (inertia) expect(JSON.parse(res.text).component).toBe('BoardUsers/Index');
    }
  });

  it('a guest answer keeps its ETag (the same body, the same ETag)', async () => {
    const client = app.client();
    await client.prime('/forgot-password');
    const first = await client.get('/forgot-password', { inertia: true });
    const again = await client.get('/forgot-password', { inertia: true });
    expect(first.headers.get('cache-control') ?? '').not.toContain('no-store');
    expect(first.headers.get('etag')).toMatch(/^W\/"/);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
  });
});
