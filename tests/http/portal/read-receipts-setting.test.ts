import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { createBoardUser, createOrganization, memberClient } from '../../helpers/factories';
import { actingAsBoardMember, grantPortalAccess } from '../../helpers/portal';

/** PUT /organizations/{id}/read-receipts: admins and owners turn named read receipts on or off, logged. */
let app: TestApp;
let orgId: number;
let admin: TestClient;

const flag = async (id = orgId) => (await app.ctx.db.selectFrom('organizations').select('named_read_receipts').where('id', '=', id).executeTakeFirstOrThrow()).named_read_receipts;
const logged = () =>
  app.ctx.db
    .selectFrom('activity_logs')
    .select(['event', 'subject_type', 'subject_id', 'facts'])
    .where('organization_id', '=', orgId)
    .where('event', '=', 'read_receipts_changed')
    .orderBy('id')
    .execute();
const url = (id = orgId) => `/organizations/${id}/read-receipts`;

beforeAll(async () => {
  app = await createTestApp();
  orgId = (await createOrganization(app, null, { name: 'Receipts Ltd' })).id;
  admin = (await memberClient(app, 'admin', orgId)).client;
});
afterAll(() => app.close());

describe('named read receipts', () => {
  it('an admin turns them on and off; each change is logged with its flag, a repeat is not', async () => {
    const on = await admin.put(url(), { named_read_receipts: true }, { inertia: true });
    expect(on.status).toBe(303);
    expect(on.location).toBe(`/organizations/${orgId}/edit`);
    expect(await flag()).toBe(true);
    const page = (await admin.get(`/organizations/${orgId}/edit`, { inertia: true })).page();
    expect(page.props.namedReadReceipts).toBe(true);
    expect(page.props.flash.success).toBe('Named read receipts turned on.');
    await admin.put(url(), { named_read_receipts: true }, { inertia: true });
    await admin.put(url(), { named_read_receipts: false }, { inertia: true });
    expect(await flag()).toBe(false);
    expect(await logged()).toEqual([
      { event: 'read_receipts_changed', subject_type: 'organization', subject_id: orgId, facts: { on: true } },
      { event: 'read_receipts_changed', subject_type: 'organization', subject_id: orgId, facts: { on: false } },
    ]);
  });

  it('appears in the organisation activity log', async () => {
    await admin.put(url(), { named_read_receipts: true }, { inertia: true });
    const page = (await admin.get(`/organizations/${orgId}/activity-logs`, { inertia: true })).page();
    expect(JSON.stringify(page.props)).toContain('read_receipts_changed');
    await admin.put(url(), { named_read_receipts: false }, { inertia: true });
  });

  it('is refused to viewers and editors (403), other organisations (404), forged requests (419), board members (403) and guests', async () => {
    for (const role of ['viewer', 'editor'] as const) {
      const { client } = await memberClient(app, role, orgId);
      expect((await client.put(url(), { named_read_receipts: true }, { inertia: true })).status, role).toBe(403);
    }
    const { client: otherAdmin } = await memberClient(app, 'owner');
    expect((await otherAdmin.put(url(), { named_read_receipts: true }, { inertia: true })).status).toBe(404);
    expect((await otherAdmin.put(url(999999), { named_read_receipts: true }, { inertia: true })).status).toBe(404);
    expect((await admin.put(url(), { named_read_receipts: true }, { noCsrf: true })).status).toBe(419);
    const bu = await createBoardUser(app, orgId, { email: 'pm@board.test', status: 'active' });
    const pm = await actingAsBoardMember(app, app.client(), (await grantPortalAccess(app, bu)).id);
    expect((await pm.put(url(), { named_read_receipts: true }, { inertia: true })).status).toBe(403);
    const guest = app.client();
    await guest.prime('/');
    expect((await guest.put(url(), { named_read_receipts: true }, { inertia: true })).location).toBe('/login');
    expect(await flag()).toBe(false);
  });

  it('answers hostile input with a validation error, changing nothing', async () => {
    await admin.put(url(), { named_read_receipts: true }, { inertia: true });
    const res = await admin.put(url(), { named_read_receipts: '<script>x</script>'.repeat(1000) }, { inertia: true, headers: { Referer: `${app.url}/organizations/${orgId}/edit` } });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/organizations/${orgId}/edit`);
    const page = (await admin.get(`/organizations/${orgId}/edit`, { inertia: true })).page();
    expect(Object.keys(page.props.errors)).toEqual(['named_read_receipts']);
    expect(await flag()).toBe(true);
  });
});
