import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { navigationFor } from '../../../resources/js/Layouts/navigation';
import { createTestApp, type TestApp } from '../../helpers/app';
import { actingAs, addMember, createOrganization, createUser } from '../../helpers/factories';

/**
 * Issue #12, bug 8: a platform admin's Dashboard, Board users, Insights and Subscription links
 * bounced to the organization picker. The menu the shell builds from the shared props now holds
 * only links that work for the signed-in user: organization pages once one is chosen.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const hrefs = (auth: Parameters<typeof navigationFor>[0]) => navigationFor(auth).map((i) => i.href);
const ORGANIZATION_PAGES = ['/dashboard', '/board-users', '/insights', '/users', '/subscription'];

/** Every link of a menu, followed as that user: none may bounce to the organization picker. */
async function expectEveryLinkWorks(client: Awaited<ReturnType<typeof actingAs>>, links: string[]) {
  for (const href of links) {
    const res = await client.get(href, { inertia: true });
    expect(res.status, `${href} answered ${res.status} → ${res.location}`).toBe(200);
  }
}

describe('the menu of a platform admin', () => {
  it('without a current organization: no organization pages, but the list of all organizations', async () => {
    await createOrganization(app, await createUser(app), { name: 'Someone Else’s' });
    const admin = await actingAs(app, app.client(), await createUser(app, { platformAdmin: true }));
    const { auth } = (await admin.get('/organizations', { inertia: true })).page().props;
    expect(auth.organization).toBeNull();
    expect(auth.can.read).toBe(false);
    const links = hrefs(auth);
    for (const page of ORGANIZATION_PAGES) expect(links).not.toContain(page);
    expect(links).toContain('/organizations');
    await expectEveryLinkWorks(admin, links);
  });

  it('after switching to any organization: its pages, every one of which works', async () => {
    const org = await createOrganization(app, await createUser(app), { name: 'Chosen By Admin' });
    const admin = await actingAs(app, app.client(), await createUser(app, { platformAdmin: true }));
    expect((await admin.post(`/organizations/${org.id}/switch`, {}, { inertia: true })).location).toBe('/dashboard');
    const { auth } = (await admin.get('/dashboard', { inertia: true })).page().props;
    expect(auth.organization).toMatchObject({ id: org.id, role: null });
    const links = hrefs(auth);
    for (const page of ORGANIZATION_PAGES) expect(links).toContain(page);
    await expectEveryLinkWorks(admin, links);
  });

  it('the organization picker offers an admin without memberships every organization, not "not part of one yet"', async () => {
    const admin = await actingAs(app, app.client(), await createUser(app, { platformAdmin: true }));
    const bounced = await admin.get('/dashboard', { inertia: true });
    expect(bounced.location).toBe('/organizations/select');
    const picker = (await admin.get('/organizations/select', { inertia: true })).page();
    expect(picker.props.canBrowseAll).toBe(true);
  });
});

describe('the menu of a member', () => {
  it('without a current organization (one of several): no organization pages either', async () => {
    const user = await createUser(app);
    await createOrganization(app, user, { name: 'First Of Two' });
    const second = await createOrganization(app, await createUser(app), { name: 'Second Of Two' });
    await addMember(app, second.id, user, 'viewer');
    const client = await actingAs(app, app.client(), user);
    const { auth } = (await client.get('/organizations', { inertia: true })).page().props;
    expect(auth.organization).toBeNull();
    const links = hrefs(auth);
    for (const page of ORGANIZATION_PAGES) expect(links).not.toContain(page);
    await expectEveryLinkWorks(client, links);
  });
});
