import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { createBoardUser, createInsight, createOrganization, linkBoardUsers, memberClient } from '../../helpers/factories';
import { actingAsBoardMember, grantPortalAccess } from '../../helpers/portal';
import type { BoardUser, Insight } from '../../../server/db/types';

/**
 * The director's home and reading (issue #27): a board member sees only the published insights
 * linked to their own record, reads them (recorded once) and acknowledges them (once).
 */
let app: TestApp;
const clock = new FakeClock();
const day = (d: number) => new Date(Date.UTC(2026, 10, d, 9));
/** Minutes into the test's day (a session outlives minutes, not days of fake time). */
const at = (m: number) => new Date(Date.UTC(2026, 10, 20, 9, m));

let alpha: number;
let beta: number;
let foreign: number;
let danaAlpha: BoardUser;
let danaBeta: BoardUser;
let other: BoardUser;
let dana: TestClient;
let memberId: number;
const ins: Record<string, Insight> = {};

const published = (organizationId: number, title: string, d: number, boardUserIds: number[], extra: Record<string, unknown> = {}) =>
  createInsight(app, organizationId, null, { title, status: 'published', published_at: day(d), boardUserIds, ...extra });

const receipts = (insightId: number) => app.ctx.db.selectFrom('insight_receipts').selectAll().where('insight_id', '=', insightId).execute();
const readinessEvents = (from: number) => app.broadcasts.published.slice(from).filter((b) => b.event === 'InsightReadinessChanged');

beforeAll(async () => {
  clock.set(at(0));
  app = await createTestApp({ clock });
  alpha = (await createOrganization(app, null, { name: 'Alpha Trust' })).id;
  beta = (await createOrganization(app, null, { name: 'Beta Foundation' })).id;
  foreign = (await createOrganization(app, null, { name: 'Gamma Corp' })).id;
  // One person on two boards: one portal identity, two records.
  danaAlpha = await createBoardUser(app, alpha, { first_name: 'Dana', last_name: 'Director', email: 'dana@board.test', status: 'active' });
  danaBeta = await createBoardUser(app, beta, { first_name: 'Dana', last_name: 'Director', email: 'DANA@board.test', status: 'active' });
  other = await createBoardUser(app, alpha, { first_name: 'Olga', last_name: 'Other', email: 'olga@board.test', status: 'active' });
  const member = await grantPortalAccess(app, danaAlpha);
  await grantPortalAccess(app, danaBeta);
  await grantPortalAccess(app, other);
  memberId = member.id;
  // Same e-mail in a third organisation, but no access granted there.
  const danaGamma = await createBoardUser(app, foreign, { first_name: 'Dana', last_name: 'Director', email: 'dana@board.test', status: 'active' });

  ins.old = await published(alpha, 'Old but unread', 1, [danaAlpha.id]);
  ins.newer = await published(alpha, 'Newer, already read', 5, [danaAlpha.id, other.id]);
  ins.newest = await published(alpha, 'Newest unread', 6, [danaAlpha.id], { summary: 'What to know', body: '# Heading\n\nSome **bold** {braces} @@\n\n<script>alert(1)</script>' });
  ins.beta = await published(beta, 'Beta budget', 3, [danaBeta.id]);
  ins.draft = await createInsight(app, alpha, null, { title: 'A draft', status: 'draft', boardUserIds: [danaAlpha.id] });
  ins.archived = await published(alpha, 'Archived one', 2, [danaAlpha.id], { status: 'archived' });
  ins.deleted = await published(alpha, 'Deleted one', 2, [danaAlpha.id], { deleted_at: day(7) });
  ins.unlinked = await published(alpha, 'Not for Dana', 2, [other.id]);
  ins.gamma = await published(foreign, 'Gamma secret', 2, [danaGamma.id]);
  // A link across organisations (a Gamma insight linked to Dana's Alpha record) counts for nothing.
  ins.crossLinked = await published(foreign, 'Cross-linked', 2, []);
  await linkBoardUsers(app, ins.crossLinked.id, [danaAlpha.id]);
  await app.ctx.db
    .insertInto('insight_receipts')
    .values({ insight_id: ins.newer.id, board_user_id: danaAlpha.id, organization_id: alpha, read_at: day(5) })
    .execute();

  dana = await actingAsBoardMember(app, app.client(), memberId);
});
afterAll(() => app.close());

describe('the home', () => {
  it('lists only their published, linked insights, unread first then newest, grouped by organisation', async () => {
    const page = (await dana.get('/portal', { inertia: true })).page();
    expect(page.component).toBe('Portal/Index');
    expect(page.props.groups.map((g: any) => g.organization.name)).toEqual(['Alpha Trust', 'Beta Foundation']);
    const [a, b] = page.props.groups;
    expect(a.insights.map((i: any) => [i.title, i.status])).toEqual([
      ['Newest unread', 'new'],
      ['Old but unread', 'new'],
      ['Newer, already read', 'read'],
    ]);
    expect(b.insights.map((i: any) => i.title)).toEqual(['Beta budget']);
    expect(page.props).toMatchObject({ unreadCount: 3, total: 4, shown: 4 });
    // No body, no other reader's anything, no staff identity.
    expect(a.insights[0]).not.toHaveProperty('body');
    expect(page.props.auth.user).toBeNull();
    expect(JSON.stringify(page.props)).not.toContain('olga@board.test');
    expect(JSON.stringify(page.props)).not.toContain('Gamma');
  });

  it('renders the HTML shell on a first visit, never stored by a browser or cache (confidential board papers)', async () => {
    const res = await dana.get('/portal');
    expect(res.status).toBe(200);
    expect(res.page().component).toBe('Portal/Index');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await dana.get(`/portal/insights/${ins.beta.id}`, { inertia: true })).headers.get('cache-control')).toBe('no-store');
    await app.ctx.db.deleteFrom('insight_receipts').where('insight_id', '=', ins.beta.id).execute();
  });

  it('sends a staff user and a guest to the organisation sign-in page (a staff session is not a portal one)', async () => {
    const { client: staff } = await memberClient(app, 'owner', alpha);
    const asStaff = await staff.get('/portal', { inertia: true });
    expect(asStaff.status).toBe(302);
    expect(asStaff.location).toBe('/org-login?as=board');
    const guest = app.client();
    await guest.prime('/');
    const asGuest = await guest.get('/portal/insights/1', { inertia: true });
    expect(asGuest.status).toBe(302);
    expect(asGuest.location).toBe('/org-login?as=board');
    expect((await app.client().get('/portal', { headers: { Accept: 'application/json' } })).status).toBe(401);
    // Nor may a staff user acknowledge anything.
    expect((await staff.post(`/portal/insights/${ins.old.id}/acknowledge`, {}, { inertia: true })).location).toBe('/org-login?as=board');
    expect(await receipts(ins.old.id)).toEqual([]);
  });

  it('keeps a board member out of the staff pages', async () => {
    expect((await dana.get(`/insights/${ins.old.id}`, { inertia: true })).status).toBe(403);
    expect((await dana.get(`/organizations/${alpha}/edit`, { inertia: true })).status).toBe(403);
  });
});

describe('reading', () => {
  it('shows the insight with its sanitised body and records the read once', async () => {
    const sent = app.broadcasts.published.length;
    clock.set(at(1));
    const page = (await dana.get(`/portal/insights/${ins.newest.id}`, { inertia: true })).page();
    expect(page.component).toBe('Portal/Insights/Show');
    expect(page.props.insight).toMatchObject({ id: ins.newest.id, title: 'Newest unread', summary: 'What to know', status: 'read', acknowledged_at: null });
    expect(page.props.insight.body_html).toContain('<strong>bold</strong>');
    expect(page.props.insight.body_html).toContain('{braces} @@');
    expect(page.props.insight.body_html).not.toContain('<script');
    expect(page.props.insight).not.toHaveProperty('body');
    expect(page.props.organization).toEqual({ id: alpha, name: 'Alpha Trust', namedReadReceipts: false });
    expect(await receipts(ins.newest.id)).toEqual([expect.objectContaining({ board_user_id: danaAlpha.id, organization_id: alpha, read_at: at(1), acknowledged_at: null })]);

    clock.set(at(2));
    await dana.get(`/portal/insights/${ins.newest.id}`, { inertia: true });
    expect(await receipts(ins.newest.id)).toEqual([expect.objectContaining({ read_at: at(1) })]);
    // One event for the one read, on the organisation's channel, carrying the id alone.
    expect(readinessEvents(sent)).toEqual([{ channels: [`private-organizations.${alpha}`], event: 'InsightReadinessChanged', data: { id: ins.newest.id }, socketId: undefined }]);
    // No activity row names who read what.
    const logged = await app.ctx.db.selectFrom('activity_logs').select('id').where('subject_id', '=', ins.newest.id).where('organization_id', '=', alpha).execute();
    expect(logged).toEqual([]);
  });

  it('reads an insight of the second organisation against that record', async () => {
    await dana.get(`/portal/insights/${ins.beta.id}`, { inertia: true });
    expect(await receipts(ins.beta.id)).toEqual([expect.objectContaining({ board_user_id: danaBeta.id, organization_id: beta })]);
  });

  it('acknowledges once, redirecting back with a toast; acknowledging a new insight records the read too', async () => {
    const sent = app.broadcasts.published.length;
    clock.set(at(3));
    const res = await dana.post(`/portal/insights/${ins.old.id}/acknowledge`, {}, { inertia: true });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/portal/insights/${ins.old.id}`);
    expect(await receipts(ins.old.id)).toEqual([expect.objectContaining({ read_at: at(3), acknowledged_at: at(3) })]);
    const page = (await dana.get(`/portal/insights/${ins.old.id}`, { inertia: true })).page();
    expect(page.props.flash.success).toBe('Thank you: your acknowledgement is recorded.');
    expect(page.props.insight).toMatchObject({ status: 'acknowledged', acknowledged_at: at(3).toISOString() });

    clock.set(at(4));
    await dana.post(`/portal/insights/${ins.old.id}/acknowledge`, {}, { inertia: true });
    expect(await receipts(ins.old.id)).toEqual([expect.objectContaining({ acknowledged_at: at(3) })]);
    expect(readinessEvents(sent).map((e) => e.data)).toEqual([{ id: ins.old.id }]);
  });

  it('acknowledges a read insight, keeping when it was read', async () => {
    await dana.post(`/portal/insights/${ins.newer.id}/acknowledge`, {}, { inertia: true });
    expect(await receipts(ins.newer.id)).toEqual([expect.objectContaining({ read_at: day(5), acknowledged_at: at(4) })]);
    const home = (await dana.get('/portal', { inertia: true })).page();
    expect(home.props.groups[0].insights.find((i: any) => i.id === ins.newer.id).status).toBe('acknowledged');
  });

  it('refuses an acknowledgement without the CSRF token', async () => {
    const res = await dana.post(`/portal/insights/${ins.newest.id}/acknowledge`, {}, { noCsrf: true });
    expect(res.status).toBe(419);
    expect((await receipts(ins.newest.id))[0].acknowledged_at).toBeNull();
  });

  it('answers 404 alike for a draft, archived, deleted, unlinked, other organisation, cross-linked or missing insight', async () => {
    const sent = app.broadcasts.published.length;
    for (const key of ['draft', 'archived', 'deleted', 'unlinked', 'gamma', 'crossLinked']) {
      const id = ins[key].id;
      expect((await dana.get(`/portal/insights/${id}`, { inertia: true })).status, key).toBe(404);
      expect((await dana.post(`/portal/insights/${id}/acknowledge`, {}, { inertia: true })).status, key).toBe(404);
      expect(await receipts(id), key).toEqual([]);
    }
    for (const id of ['999999', '0', 'abc', '1e3', '99999999999']) {
      expect((await dana.get(`/portal/insights/${id}`, { inertia: true })).status, id).toBe(404);
    }
    expect(readinessEvents(sent)).toEqual([]);
  });

  it('stops showing an insight once the record loses access (inactive board user)', async () => {
    await app.ctx.db.updateTable('board_users').set({ status: 'inactive' }).where('id', '=', danaBeta.id).execute();
    expect((await dana.get(`/portal/insights/${ins.beta.id}`, { inertia: true })).status).toBe(404);
    const page = (await dana.get('/portal', { inertia: true })).page();
    expect(page.props.groups.map((g: any) => g.organization.name)).toEqual(['Alpha Trust']);
    await app.ctx.db.updateTable('board_users').set({ status: 'active' }).where('id', '=', danaBeta.id).execute();
  });

  it('tells the board member when the organisation shows names with reads', async () => {
    await app.ctx.db.updateTable('organizations').set({ named_read_receipts: true }).where('id', '=', alpha).execute();
    const page = (await dana.get(`/portal/insights/${ins.newest.id}`, { inertia: true })).page();
    expect(page.props.organization.namedReadReceipts).toBe(true);
    await app.ctx.db.updateTable('organizations').set({ named_read_receipts: false }).where('id', '=', alpha).execute();
  });
});

describe('language', () => {
  it('keeps the language a board member picks with their portal identity', async () => {
    const res = await dana.post('/locale', { locale: 'de' }, { inertia: true, headers: { Referer: `${app.url}/portal` } });
    expect(res.status).toBe(303);
    const page = (await dana.get('/portal', { inertia: true })).page();
    expect(page.props.locale).toBe('de');
    expect((await app.ctx.db.selectFrom('portal_members').select('locale').where('id', '=', memberId).executeTakeFirstOrThrow()).locale).toBe('de');
    await dana.post('/locale', { locale: 'en-US' }, { inertia: true });
    expect((await dana.post('/locale', { locale: '<script>' }, { inertia: true })).status).toBe(303);
    expect((await app.ctx.db.selectFrom('portal_members').select('locale').where('id', '=', memberId).executeTakeFirstOrThrow()).locale).toBe('en-US');
  });
});

describe('a person on one board only', () => {
  it('sees one group, and an empty home when nothing is published for them', async () => {
    const olga = await actingAsBoardMember(app, app.client(), (await app.ctx.db.selectFrom('portal_members').select('id').where('email', '=', 'olga@board.test').executeTakeFirstOrThrow()).id);
    const page = (await olga.get('/portal', { inertia: true })).page();
    expect(page.props.groups).toHaveLength(1);
    expect(page.props.groups[0].insights.map((i: any) => i.title)).toEqual(['Newer, already read', 'Not for Dana']);
    const lonely = await createBoardUser(app, beta, { email: 'lonely@board.test', status: 'active' });
    const m = await grantPortalAccess(app, lonely);
    const empty = (await (await actingAsBoardMember(app, app.client(), m.id)).get('/portal', { inertia: true })).page();
    expect(empty.props).toMatchObject({ groups: [{ organization: { id: beta }, insights: [] }], unreadCount: 0, total: 0 });
  });
});
