import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPortalRecords } from '../../../server/tenancy/portal-repository';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createBoardUser, createBoardUsers, createOrganization, createUser, memberClient } from '../../helpers/factories';
import { actingAsBoardMember, grantPortalAccess } from '../../helpers/portal';

let app: TestApp;
const clock = new FakeClock();
let orgId: number;
let orgName: string;
let editor: TestClient;
let viewer: TestClient;
let editorUserId: number;

const json = { headers: { Accept: 'application/json' } };
const grant = (client: TestClient, id: number, body: Record<string, unknown> = {}) => client.post(`/board-users/${id}/portal-access`, body, json);
const linkOf = (to: string) => app.mail.linkIn(app.mail.last(to), /https?:\/\/\S+\/portal\/sign-in\/\S+/);

beforeAll(async () => {
  app = await createTestApp({ clock });
  const owner = await createUser(app);
  const org = await createOrganization(app, owner, { plan: 'team', name: 'Acme Foundation' });
  orgId = org.id;
  orgName = 'Acme Foundation';
  const ed = await createUser(app, { name: 'Edna Editor' });
  editorUserId = ed.id;
  await addMember(app, orgId, ed, 'editor');
  editor = await actingAs(app, app.client(), ed, orgId);
  viewer = (await memberClient(app, 'viewer', orgId)).client;
});
afterAll(() => app.close());

describe('granting portal access', () => {
  it('creates one identity per e-mail, the access row, the activity entry, and mails a single-use link in the chosen language', async () => {
    const b = await createBoardUser(app, orgId, { first_name: 'Greta', last_name: 'Graf', email: 'Greta.Graf@Board.test' });
    app.broadcasts.published.length = 0;
    const res = await grant(editor, b.id, { locale: 'de' });
    expect(res.status).toBe(303);
    // Other staff tabs on this board user reload it.
    expect(app.broadcasts.published.find((m) => m.event === 'BoardUserChanged')).toMatchObject({ channels: [`private-organizations.${orgId}`], data: { id: b.id, action: 'portal_access_granted' } });
    expect(res.location).toBe(`/board-users/${b.id}`);

    const member = await app.ctx.db.selectFrom('portal_members').selectAll().where('email', '=', 'greta.graf@board.test').executeTakeFirstOrThrow();
    expect(member.locale).toBe('de');
    const access = await app.ctx.db.selectFrom('board_user_portal_access').selectAll().where('board_user_id', '=', b.id).executeTakeFirstOrThrow();
    expect(access).toMatchObject({ organization_id: orgId, portal_member_id: member.id, granted_by: editorUserId, activated_at: null });

    const mail = app.mail.last('Greta.Graf@Board.test')!;
    expect(mail.subject).toBe(`${orgName} lädt Sie zu seinem Gremienportal auf Boardly ein`);
    expect(mail.text).toContain('Gremienportal öffnen');
    expect(mail.text).toContain('Guten Tag Greta Graf');
    const link = linkOf('Greta.Graf@Board.test');
    expect(link).toMatch(/\/portal\/sign-in\/[A-Za-z0-9_-]{20,}$/);
    const links = await app.ctx.db.selectFrom('portal_login_links').selectAll().where('portal_member_id', '=', member.id).execute();
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ organization_id: orgId, browser_hash: null, used_at: null });
    // Seven days, and the token itself is not stored.
    expect(links[0].expires_at.getTime() - clock.now().getTime()).toBe(7 * 86_400_000);
    expect(links[0].token_hash).not.toBe(link.split('/').pop());

    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('subject_id', '=', b.id).where('event', '=', 'portal_access_granted').execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ organization_id: orgId, subject_type: 'board_user', causer_id: editorUserId });

    // The Show page and the list carry the state.
    const show = (await editor.get(`/board-users/${b.id}`, { inertia: true })).page();
    expect(show.props.portalAccess).toMatchObject({ state: 'invited', activated_at: null });
    expect(show.props.flash).toMatchObject({ success: 'Greta Graf now has access to the board portal; the invitation is on its way.' });
    const list = (await editor.get('/board-users?search=greta', { inertia: true })).page();
    expect(list.props.boardUsers.data[0].portal_access).toBe('invited');
  });

  it('writes the mail in the inviter’s language without a choice, and in French when asked', async () => {
    const [a, b] = await createBoardUsers(app, orgId, [{ email: 'en@board.test' }, { email: 'fr@board.test' }]);
    expect((await grant(editor, a.id)).status).toBe(303);
    expect(app.mail.last('en@board.test')!.subject).toBe(`${orgName} invites you to its board portal on Boardly`);
    expect((await grant(editor, b.id, { locale: 'fr' })).status).toBe(303);
    expect(app.mail.last('fr@board.test')!.subject).toBe(`${orgName} vous invite sur son portail du conseil sur Boardly`);
  });

  it('granting again re-sends the invitation: one access row, no second activity entry, the older link voided', async () => {
    const b = await createBoardUser(app, orgId, { first_name: 'Resend', email: 'resend@board.test' });
    await grant(editor, b.id);
    const first = linkOf('resend@board.test');
    const again = await grant(editor, b.id);
    expect(again.status).toBe(303);
    const second = linkOf('resend@board.test');
    expect(second).not.toBe(first);
    expect(await app.ctx.db.selectFrom('board_user_portal_access').select('board_user_id').where('board_user_id', '=', b.id).execute()).toHaveLength(1);
    const member = await app.ctx.db.selectFrom('portal_members').select('id').where('email', '=', 'resend@board.test').executeTakeFirstOrThrow();
    const rows = await app.ctx.db.selectFrom('portal_login_links').select(['used_at']).where('portal_member_id', '=', member.id).orderBy('id').execute();
    expect(rows.map((r) => r.used_at !== null)).toEqual([true, false]);
    expect(await app.ctx.db.selectFrom('activity_logs').select('id').where('subject_id', '=', b.id).where('event', '=', 'portal_access_granted').execute()).toHaveLength(1);
    const show = (await editor.get(`/board-users/${b.id}`, { inertia: true })).page();
    expect(show.props.flash).toMatchObject({ success: `A new invitation is on its way to Resend ${b.last_name}.` });
  });

  it('one person on two organisations’ boards is one portal member with a record in each', async () => {
    const otherOrg = await createOrganization(app, null, { plan: 'team' });
    const otherEditor = (await memberClient(app, 'editor', otherOrg.id)).client;
    const here = await createBoardUser(app, orgId, { email: 'Both@board.test' });
    const there = await createBoardUser(app, otherOrg.id, { email: 'both@BOARD.test' });
    await grant(editor, here.id);
    await grant(otherEditor, there.id);
    const members = await app.ctx.db.selectFrom('portal_members').selectAll().where('email', '=', 'both@board.test').execute();
    expect(members).toHaveLength(1);
    expect((await findPortalRecords(app.ctx.db, members[0].id)).map((r) => r.organization_id).sort()).toEqual([orgId, otherOrg.id].sort());
  });

  it('writes hostile names as text in the mail (never markup)', async () => {
    const b = await createBoardUser(app, orgId, { first_name: '<script>alert(1)</script>', last_name: '{braces} @@', email: 'hostile@board.test' });
    expect((await grant(editor, b.id)).status).toBe(303);
    const mail = app.mail.last('hostile@board.test')!;
    expect(mail.text).toContain('<script>alert(1)</script> {braces} @@');
    expect(mail.html).not.toContain('<script>alert(1)</script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});

describe('the state staff see', () => {
  it('is active with when the member signed in and was last seen, for viewers too (who get no plan notice)', async () => {
    const b = await createBoardUser(app, orgId, { first_name: 'Seen', email: 'seen@board.test' });
    const member = await grantPortalAccess(app, b);
    const portal = await actingAsBoardMember(app, app.client(), member.id);
    await portal.get('/');
    // Last seen is written after the response: wait for it.
    let seen: Date | null = null;
    for (let i = 0; i < 50 && !seen; i++) {
      seen = (await app.ctx.db.selectFrom('board_user_portal_access').select('last_seen_at').where('board_user_id', '=', b.id).executeTakeFirstOrThrow()).last_seen_at;
      if (!seen) await new Promise((r) => setTimeout(r, 20));
    }
    const show = (await viewer.get(`/board-users/${b.id}`, { inertia: true })).page();
    expect(show.props.portalAccess).toMatchObject({ state: 'active', activated_at: clock.now().toISOString(), last_seen_at: clock.now().toISOString() });
    expect(show.props.portalLimit).toBeNull();
    const list = (await viewer.get('/board-users?search=seen@board', { inertia: true })).page();
    expect(list.props.boardUsers.data.map((r: { portal_access: string }) => r.portal_access)).toEqual(['active']);
    const none = await createBoardUser(app, orgId, { first_name: 'Never', email: 'never@board.test' });
    expect((await editor.get(`/board-users/${none.id}`, { inertia: true })).page().props).toMatchObject({
      portalAccess: { state: 'none' },
      portalLimit: { key: 'portalMembers', max: 100, full: false },
    });
  });
});

describe('refusals', () => {
  it('a board user of another organisation is a 404, for grant and revoke alike', async () => {
    const otherOrg = await createOrganization(app, null);
    const b = await createBoardUser(app, otherOrg.id, { email: 'foreign@board.test' });
    expect((await grant(editor, b.id)).status).toBe(404);
    expect((await editor.delete(`/board-users/${b.id}/portal-access`, undefined, json)).status).toBe(404);
    expect((await grant(editor, 999_999)).status).toBe(404);
    expect((await grant(editor, 'abc' as unknown as number)).status).toBe(404);
    expect(await app.ctx.db.selectFrom('portal_members').select('id').where('email', '=', 'foreign@board.test').execute()).toHaveLength(0);
  });

  it('viewers get 403 (and another organisation’s id is still a 404 for them)', async () => {
    const b = await createBoardUser(app, orgId, { email: 'viewer-try@board.test' });
    expect((await grant(viewer, b.id)).status).toBe(403);
    expect((await viewer.delete(`/board-users/${b.id}/portal-access`, undefined, json)).status).toBe(403);
    const foreign = await createBoardUser(app, (await createOrganization(app, null)).id, { email: 'x@board.test' });
    expect((await grant(viewer, foreign.id)).status).toBe(404);
    expect(await app.ctx.db.selectFrom('board_user_portal_access').select('board_user_id').where('board_user_id', '=', b.id).execute()).toHaveLength(0);
  });

  it('guests are sent to sign in; a request without the CSRF token is refused (419)', async () => {
    const b = await createBoardUser(app, orgId, { email: 'csrf@board.test' });
    const guest = app.client();
    await guest.prime('/');
    const res = await guest.post(`/board-users/${b.id}/portal-access`, {}, json);
    expect([401, 403]).toContain(res.status);
    expect((await editor.post(`/board-users/${b.id}/portal-access`, {}, { ...json, noCsrf: true })).status).toBe(419);
    expect(await app.ctx.db.selectFrom('board_user_portal_access').select('board_user_id').where('board_user_id', '=', b.id).execute()).toHaveLength(0);
  });

  it('a board member’s portal session cannot grant or revoke (403)', async () => {
    const b = await createBoardUser(app, orgId, { email: 'member-try@board.test' });
    const member = await grantPortalAccess(app, b);
    const portal = await actingAsBoardMember(app, app.client(), member.id);
    expect((await grant(portal, b.id)).status).toBe(403);
    expect((await portal.delete(`/board-users/${b.id}/portal-access`, undefined, json)).status).toBe(403);
    expect((await portal.get(`/board-users/${b.id}`, { inertia: true })).status).toBe(403);
  });

  it.each([
    ['without e-mail', { email: null }, 'has no e-mail address'],
    ['inactive', { status: 'inactive' as const }, 'is inactive'],
    ['deleted', { deleted_at: new Date() }, 'is deleted'],
  ])('a board user %s is a clear error under `portal` (never a 500)', async (_what, overrides, message) => {
    const b = await createBoardUser(app, orgId, { email: `refused-${Math.random().toString(36).slice(2)}@board.test`, ...overrides });
    const res = await grant(editor, b.id);
    expect(res.status).toBe(422);
    expect(res.json().errors.portal).toContain(message);
    // A page visit goes back with the error in the session.
    const visit = await editor.post(`/board-users/${b.id}/portal-access`, {}, { inertia: true, headers: { Referer: `${app.url}/board-users/${b.id}` } });
    expect(visit.status).toBe(303);
    expect((await editor.get(`/board-users/${b.id}`, { inertia: true })).page().props.errors.portal).toContain(message);
    expect(await app.ctx.db.selectFrom('board_user_portal_access').select('board_user_id').where('board_user_id', '=', b.id).execute()).toHaveLength(0);
  });

  it.each([
    ['unknown', { locale: 'xx' }],
    ['a list', { locale: ['de'] }],
    ['oversized', { locale: 'de'.repeat(5000) }],
    ['an object', { locale: { $ne: 1 } }],
  ])('refuses a bad language (%s) with 422', async (_what, body) => {
    const b = await createBoardUser(app, orgId, { email: `locale-${Math.random().toString(36).slice(2)}@board.test` });
    const res = await grant(editor, b.id, body);
    expect(res.status).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('locale');
  });
});

describe('the invitation throttle', () => {
  it('sends at most 5 invitations to one board user an hour; refused grants do not count; an hour later it sends again', async () => {
    const b = await createBoardUser(app, orgId, { first_name: 'Flood', email: 'flood@board.test' });
    const other = await createBoardUser(app, orgId, { first_name: 'Calm', email: 'calm@board.test' });
    for (let i = 0; i < 5; i++) expect((await grant(editor, b.id)).status).toBe(303);
    const sent = app.mail.sent.filter((m) => m.to === 'flood@board.test').length;
    const over = await grant(editor, b.id);
    expect(over.status).toBe(422);
    expect(over.json().errors.portal).toBe('Too many invitations to this board user. Please try again in 60 minutes.');
    expect(app.mail.sent.filter((m) => m.to === 'flood@board.test')).toHaveLength(sent);
    // Another board user is not affected.
    expect((await grant(editor, other.id)).status).toBe(303);
    clock.advance(3_600_000 + 1000);
    expect((await grant(editor, b.id)).status).toBe(303);
  });

  it('a refused grant (inactive) gives its attempt back', async () => {
    const b = await createBoardUser(app, orgId, { first_name: 'Idle', email: 'idle@board.test', status: 'inactive' });
    for (let i = 0; i < 6; i++) expect((await grant(editor, b.id)).json().errors.portal).toContain('is inactive');
    await app.ctx.db.updateTable('board_users').set({ status: 'active' }).where('id', '=', b.id).execute();
    expect((await grant(editor, b.id)).status).toBe(303);
  });
});

describe('the plan limit', () => {
  it('the Free plan includes 5 portal members; revoking frees a place; re-sending does not count again', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { plan: 'free' });
    const client = await actingAs(app, app.client(), owner, org.id);
    const rows = await createBoardUsers(app, org.id, 6, (i) => ({ email: `limit${i}@board.test` }));
    for (const row of rows.slice(0, 5)) expect((await grant(client, row.id)).status).toBe(303);
    const over = await grant(client, rows[5].id);
    expect(over.status).toBe(422);
    expect(over.json().errors.portal).toBe('The Free plan allows 5 board portal members; you have 5. Upgrade your plan to add more.');
    // The card shows the notice up front.
    const show = (await client.get(`/board-users/${rows[5].id}`, { inertia: true })).page();
    expect(show.props.portalLimit).toMatchObject({ key: 'portalMembers', used: 5, max: 5, full: true });
    expect((await grant(client, rows[0].id)).status).toBe(303);
    expect((await client.delete(`/board-users/${rows[0].id}/portal-access`, undefined, json)).status).toBe(303);
    expect((await grant(client, rows[5].id)).status).toBe(303);
    const subscription = (await client.get('/subscription', { inertia: true })).page();
    expect(JSON.stringify(subscription.props)).toContain('portalMembers');
  });
});
