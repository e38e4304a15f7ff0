import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { actingAs, addMember, createOrganization, createUser } from '../../helpers/factories';

/**
 * Issue #12, bug 7: a sole owner was offered "Leave organization", confirmed, and only then was
 * refused. The page now gets the answer of the rule the server enforces, with the reason.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function showAs(user: Awaited<ReturnType<typeof createUser>>, orgId: number) {
  const client = await actingAs(app, app.client(), user, orgId);
  return { client, page: (await client.get(`/organizations/${orgId}`, { inertia: true })).page() };
}

describe('leaving an organization', () => {
  it('is not offered to the only owner, who is told why and where to transfer ownership', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { name: 'Solo Owners' });
    const { client, page } = await showAs(owner, org.id);
    expect(page.props.abilities.leave).toBe(false);
    expect(page.props.leaveRefusal).toBe('You are the last owner of Solo Owners. Make someone else an owner, or delete the organization, before leaving.');
    // The server's own answer to the same request is the same sentence.
    const refused = await client.post(`/organizations/${org.id}/leave`, {}, { inertia: true, headers: { Referer: `${app.url}/organizations/${org.id}` } });
    expect(refused.status).toBe(303);
    const after = (await client.get(`/organizations/${org.id}`, { inertia: true })).page();
    expect(after.props.errors.organization).toBe(page.props.leaveRefusal);
  });

  it('is offered to an owner who has a co-owner, and to any other member', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { name: 'Two Owners' });
    const coOwner = await createUser(app);
    await addMember(app, org.id, coOwner, 'owner');
    const editor = await createUser(app);
    await addMember(app, org.id, editor, 'editor');
    for (const user of [owner, coOwner, editor]) {
      const { page } = await showAs(user, org.id);
      expect(page.props.abilities.leave).toBe(true);
      expect(page.props.leaveRefusal).toBeNull();
    }
  });

  it('the member page says the same to the only owner looking at themselves', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { name: 'Self View' });
    const client = await actingAs(app, app.client(), owner, org.id);
    const page = (await client.get(`/users/${owner.id}`, { inertia: true })).page();
    expect(page.props.isSelf).toBe(true);
    expect(page.props.leaveRefusal).toBe('You are the last owner of Self View. Make someone else an owner, or delete the organization, before leaving.');
  });
});
