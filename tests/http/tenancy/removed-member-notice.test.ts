import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { actingAs, addMember, createOrganization, createUser } from '../../helpers/factories';

/**
 * Issue #12, bug 9: a member whose organization disappears from under their session (removed,
 * or the organization deleted) landed on "You are not part of an organization yet" with no word
 * of what happened. The next page they see says so, once.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const confirmed = () => ({ 'auth.password_confirmed_at': Math.floor(app.ctx.clock.now().getTime() / 1000) });

async function organizationWithMember(name: string) {
  const owner = await createUser(app);
  const org = await createOrganization(app, owner, { name });
  const member = await createUser(app, { name: 'Mia Member' });
  await addMember(app, org.id, member, 'editor');
  return {
    org,
    owner: await actingAs(app, app.client(), owner, org.id, confirmed()),
    member: await actingAs(app, app.client(), member, org.id),
  };
}

describe('losing the current organization', () => {
  it('a removed member is told on the next page, where the picker sends them', async () => {
    const { org, owner, member } = await organizationWithMember('Removal Trust');
    const memberId = (await app.ctx.db.selectFrom('users').select('id').where('name', '=', 'Mia Member').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    expect((await owner.delete(`/users/${memberId}`, {}, { inertia: true })).status).toBe(303);

    const bounced = await member.get('/dashboard', { inertia: true });
    expect(bounced.location).toBe('/organizations/select');
    const picker = (await member.get('/organizations/select', { inertia: true })).page();
    expect(picker.component).toBe('Auth/OrganizationSelect');
    expect(picker.props.flash).toEqual({ info: `You were removed from ${org.name}.` });
    expect(picker.flash).toEqual({ info: `You were removed from ${org.name}.` });

    // Said once: the next page is quiet.
    const again = (await member.get('/organizations/select', { inertia: true })).page();
    expect(again.props.flash).toEqual({});
  });

  it('the notice waits for a page: requests in between (the websocket’s auth, a prefetch) do not use it up', async () => {
    const { org, owner, member } = await organizationWithMember('Waiting Notice');
    const memberId = (await app.ctx.db.selectFrom('memberships').select('user_id').where('organization_id', '=', org.id).where('role', '=', 'editor').executeTakeFirstOrThrow()).user_id;
    await owner.delete(`/users/${memberId}`, {}, { inertia: true });

    const json = { headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } };
    await member.post('/broadcasting/user-auth', { socket_id: '1234.5678' }, json);
    await member.post('/broadcasting/auth', { socket_id: '1234.5678', channel_name: `private-organizations.${org.id}` }, json);
    await member.get('/profile', { inertia: true, headers: { Purpose: 'prefetch' } });
    const page = (await member.get('/profile', { inertia: true })).page();
    expect(page.props.flash).toEqual({ info: `You were removed from ${org.name}.` });
  });

  it('a member of a deleted organization is told it was deleted', async () => {
    const { org, owner, member } = await organizationWithMember('Deleted Trust');
    expect((await owner.delete(`/organizations/${org.id}`, {}, { inertia: true })).status).toBe(303);
    const page = (await member.get('/profile', { inertia: true })).page();
    expect(page.props.flash).toEqual({ info: `${org.name} has been deleted.` });
  });

  it('says nothing when the organization is still there (an ordinary visit)', async () => {
    const { member } = await organizationWithMember('Still Here');
    const page = (await member.get('/dashboard', { inertia: true })).page();
    expect(page.props.flash).toEqual({});
  });
});
