import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardUser } from '../../../server/db/types';
import { findPortalRecords } from '../../../server/tenancy/portal-repository';
import { importRunner } from '../../../server/features/board-user-import/runner';
import { uploadImport } from '../../helpers/import-upload';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { addMember, actingAs, createBoardUser, createOrganization, createUser } from '../../helpers/factories';
import { actingAsBoardMember, grantPortalAccess } from '../../helpers/portal';

/**
 * Access ends on its own (issue #27): revoking it, making the board user inactive (one or in
 * bulk), deleting them (one or in bulk) or changing their e-mail deletes the access row in the
 * same transaction, voids the member's links, logs why, tells the member's channel, and their
 * portal session is no longer one on its next request.
 */
let app: TestApp;
const clock = new FakeClock();
let orgId: number;
let editor: TestClient;

const json = { headers: { Accept: 'application/json' } };
let seq = 0;

beforeAll(async () => {
  app = await createTestApp({ clock });
  const owner = await createUser(app);
  orgId = (await createOrganization(app, owner, { plan: 'business', name: 'Ending Org' })).id;
  const ed = await createUser(app);
  await addMember(app, orgId, ed, 'editor');
  editor = await actingAs(app, app.client(), ed, orgId);
});
afterAll(() => app.close());

/** A board user with portal access, signed in to the portal, with an outstanding link. */
async function signedIn(overrides: Partial<BoardUser> = {}) {
  seq += 1;
  const boardUser = await createBoardUser(app, orgId, { first_name: `Member${seq}`, email: `member${seq}@end.test`, ...overrides });
  const member = await grantPortalAccess(app, boardUser);
  await app.ctx.db
    .insertInto('portal_login_links')
    .values({
      portal_member_id: member.id,
      organization_id: orgId,
      token_hash: `hash-${seq}-${Math.random()}`,
      browser_hash: null,
      expires_at: new Date(clock.now().getTime() + 86_400_000),
      created_at: clock.now(),
    })
    .execute();
  const portal = await actingAsBoardMember(app, app.client(), member.id);
  // A portal session: staff pages answer it 403.
  expect((await portal.get('/dashboard')).status).toBe(403);
  app.broadcasts.published.length = 0;
  return { boardUser, member, portal };
}

async function expectEnded(s: Awaited<ReturnType<typeof signedIn>>, kind: 'revoked' | 'ended', reason?: string) {
  expect(await app.ctx.db.selectFrom('board_user_portal_access').select('board_user_id').where('board_user_id', '=', s.boardUser.id).execute()).toHaveLength(0);
  expect(await findPortalRecords(app.ctx.db, s.member.id)).toEqual([]);
  const open = await app.ctx.db.selectFrom('portal_login_links').select('id').where('portal_member_id', '=', s.member.id).where('used_at', 'is', null).execute();
  expect(open).toHaveLength(0);
  const log = await app.ctx.db
    .selectFrom('activity_logs')
    .selectAll()
    .where('subject_type', '=', 'board_user')
    .where('subject_id', '=', s.boardUser.id)
    .where('event', '=', `portal_access_${kind}`)
    .execute();
  expect(log).toHaveLength(1);
  if (reason) expect(log[0].facts).toMatchObject({ reason });
  const told = app.broadcasts.published.filter((m) => m.event === 'PortalAccessEnded');
  expect(told).toHaveLength(1);
  expect(told[0].channels).toEqual([`private-portal-members.${s.member.id}`]);
  expect(told[0].data).toEqual({ organization: { id: orgId, name: 'Ending Org' } });
  // The next request is no longer a portal session: a staff page sends it to sign in (not 403).
  const next = await s.portal.get('/dashboard');
  expect([302, 303]).toContain(next.status);
  expect(next.location).toBe('/login');
}

describe('access ends', () => {
  it('when revoked (DELETE /board-users/{id}/portal-access); revoking again is a no-op', async () => {
    const s = await signedIn();
    const res = await editor.delete(`/board-users/${s.boardUser.id}/portal-access`, undefined, json);
    expect(res.status).toBe(303);
    await expectEnded(s, 'revoked');
    const show = (await editor.get(`/board-users/${s.boardUser.id}`, { inertia: true })).page();
    expect(show.props.portalAccess.state).toBe('none');
    expect(show.props.flash).toMatchObject({ success: `${s.boardUser.first_name} ${s.boardUser.last_name} no longer has access to the board portal.` });
    expect((await editor.delete(`/board-users/${s.boardUser.id}/portal-access`, undefined, json)).status).toBe(303);
  });

  it('when the board user is made inactive', async () => {
    const s = await signedIn();
    const b = s.boardUser;
    const res = await editor.put(`/board-users/${b.id}`, { first_name: b.first_name, last_name: b.last_name, email: b.email, status: 'inactive' }, json);
    expect(res.status).toBe(303);
    await expectEnded(s, 'ended', 'inactive');
  });

  it('when their e-mail changes (and not when only its case does)', async () => {
    const s = await signedIn();
    const b = s.boardUser;
    expect((await editor.put(`/board-users/${b.id}`, { first_name: b.first_name, last_name: b.last_name, email: b.email!.toUpperCase(), status: 'active' }, json)).status).toBe(303);
    expect(await findPortalRecords(app.ctx.db, s.member.id)).toHaveLength(1);
    expect((await editor.put(`/board-users/${b.id}`, { first_name: b.first_name, last_name: b.last_name, email: `new-${b.email}`, status: 'active' }, json)).status).toBe(303);
    await expectEnded(s, 'ended', 'email_changed');
  });

  it('when the e-mail is removed', async () => {
    const s = await signedIn();
    const b = s.boardUser;
    expect((await editor.put(`/board-users/${b.id}`, { first_name: b.first_name, last_name: b.last_name, email: '', status: 'active' }, json)).status).toBe(303);
    await expectEnded(s, 'ended', 'email_changed');
  });

  it('when the board user is deleted', async () => {
    const s = await signedIn();
    expect((await editor.delete(`/board-users/${s.boardUser.id}`, undefined, json)).status).toBe(303);
    await expectEnded(s, 'ended', 'deleted');
  });

  it('when a bulk action makes them inactive', async () => {
    const s = await signedIn();
    const res = await editor.post('/board-users/bulk', { action: 'status', status: 'inactive', ids: [s.boardUser.id] }, json);
    expect(res.status).toBe(303);
    await expectEnded(s, 'ended', 'inactive');
  });

  it('when a bulk action deletes them', async () => {
    const s = await signedIn();
    const res = await editor.post('/board-users/bulk', { action: 'delete', ids: [s.boardUser.id] }, json);
    expect(res.status).toBe(303);
    await expectEnded(s, 'ended', 'deleted');
  });

  it('when an import (updating duplicates) makes them inactive', async () => {
    const s = await signedIn();
    const b = s.boardUser;
    const csv = ['First name,Last name,Email,Status', `${b.first_name},${b.last_name},${b.email!.toUpperCase()},inactive`].join('\n');
    const uploaded = await uploadImport(editor, csv);
    expect(uploaded.status).toBe(303);
    const id = (await editor.get(uploaded.location!, { inertia: true })).page().props.import.id;
    const current = (await editor.get(`/board-users/import/${id}`, { inertia: true })).page().props.import;
    expect((await editor.put(`/board-users/import/${id}`, { mapping: current.mapping, duplicates: 'update' }, { inertia: true })).status).toBe(303);
    expect((await editor.post(`/board-users/import/${id}/start`, {}, { inertia: true })).status).toBe(303);
    await importRunner(app.ctx).idle();
    expect((await app.ctx.db.selectFrom('board_users').select('status').where('id', '=', b.id).executeTakeFirstOrThrow()).status).toBe('inactive');
    await expectEnded(s, 'ended', 'inactive');
  });

  it('not when other fields change, a tag is added, or another board user is made inactive', async () => {
    const s = await signedIn();
    const other = await createBoardUser(app, orgId, { email: 'bystander@end.test' });
    const b = s.boardUser;
    expect((await editor.put(`/board-users/${b.id}`, { first_name: 'Renamed', last_name: b.last_name, email: b.email, status: 'active', position: 'Chair' }, json)).status).toBe(303);
    expect((await editor.post('/board-users/bulk', { action: 'add_tag', tag: 'audit', ids: [b.id] }, json)).status).toBe(303);
    expect((await editor.post('/board-users/bulk', { action: 'status', status: 'inactive', ids: [other.id] }, json)).status).toBe(303);
    expect(await findPortalRecords(app.ctx.db, s.member.id)).toHaveLength(1);
    expect(app.broadcasts.published.filter((m) => m.event === 'PortalAccessEnded')).toHaveLength(0);
    expect((await s.portal.get('/dashboard')).status).toBe(403);
  });

  it('in one organisation only: a member on two boards keeps the other record and its links', async () => {
    const s = await signedIn();
    const otherOrg = await createOrganization(app, null, { plan: 'team' });
    const there = await createBoardUser(app, otherOrg.id, { email: s.boardUser.email });
    await grantPortalAccess(app, there);
    await app.ctx.db
      .insertInto('portal_login_links')
      .values({
        portal_member_id: s.member.id,
        organization_id: otherOrg.id,
        token_hash: `other-${Math.random()}`,
        browser_hash: null,
        expires_at: new Date(clock.now().getTime() + 86_400_000),
        created_at: clock.now(),
      })
      .execute();
    expect((await editor.delete(`/board-users/${s.boardUser.id}/portal-access`, undefined, json)).status).toBe(303);
    const records = await findPortalRecords(app.ctx.db, s.member.id);
    expect(records.map((r) => r.organization_id)).toEqual([otherOrg.id]);
    const open = await app.ctx.db.selectFrom('portal_login_links').select('organization_id').where('portal_member_id', '=', s.member.id).where('used_at', 'is', null).execute();
    expect(open.map((l) => l.organization_id)).toEqual([otherOrg.id]);
    // Still a portal session (the other record holds).
    expect((await s.portal.get('/dashboard')).status).toBe(403);
  });
});
