import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { createBoardUser, createInsight, memberClient } from '../../helpers/factories';
import { createPortalMember, grantPortalAccess } from '../../helpers/portal';
import type { PortalDelivery } from '../../../server/db/types';
import type { MailMessage } from '../../../server/mail/mailer';

let app: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

let seq = 0;
const email = (name: string) => `${name}-${++seq}@board.test`;

/** An editor's organisation with board users: one per given case, each with an e-mail. */
async function boardOf(name = 'Acme Foundation') {
  const editor = await memberClient(app, 'editor');
  await app.ctx.db.updateTable('organizations').set({ name }).where('id', '=', editor.organizationId).execute();
  return editor;
}

async function memberWithAccess(organizationId: number, delivery: PortalDelivery = 'instant', overrides: { status?: 'active' | 'inactive'; locale?: string } = {}) {
  const boardUser = await createBoardUser(app, organizationId, { email: email('member'), ...(overrides.status ? { status: overrides.status } : {}) });
  const member = await grantPortalAccess(app, boardUser);
  await app.ctx.db
    .updateTable('portal_members')
    .set({ delivery, ...(overrides.locale ? { locale: overrides.locale } : {}) })
    .where('id', '=', member.id)
    .execute();
  return { boardUser, member };
}

const mailsTo = (to: string, since = 0) => app.mail.sent.slice(since).filter((m: MailMessage) => m.to === to);
const notices = (insightId: number) => app.ctx.db.selectFrom('portal_notifications').selectAll().where('insight_id', '=', insightId).orderBy('id').execute();

describe('the publish mail', () => {
  it('tells each board member with access who wants it at once: one mail with title, organisation and the portal link, never the content', async () => {
    const { client, organizationId, user } = await boardOf('Acme Foundation');
    const instant = await memberWithAccess(organizationId, 'instant');
    const daily = await memberWithAccess(organizationId, 'daily');
    const off = await memberWithAccess(organizationId, 'off');
    const inactive = await memberWithAccess(organizationId, 'instant', { status: 'inactive' });
    const noAccess = await createBoardUser(app, organizationId, { email: email('nobody') });
    await createPortalMember(app, noAccess.email!); // an identity, but no access to this record
    const insight = await createInsight(app, organizationId, user.id, {
      title: 'Quarterly risk review',
      summary: 'SECRET-SUMMARY the summary',
      body: 'SECRET-BODY the body',
      boardUserIds: [instant.boardUser.id, daily.boardUser.id, off.boardUser.id, inactive.boardUser.id, noAccess.id],
    });
    const before = app.mail.sent.length;

    expect((await client.post(`/insights/${insight.id}/publish`, undefined, { inertia: true })).status).toBe(303);

    const sent = app.mail.sent.slice(before);
    expect(sent.map((m) => m.to)).toEqual([instant.member.email]);
    const mail = sent[0];
    expect(mail.subject).toBe('New from Acme Foundation: Quarterly risk review');
    expect(mail.text).toContain('Acme Foundation has published an insight for you: “Quarterly risk review”.');
    expect(mail.text).toContain(`${app.ctx.config.APP_URL.replace(/\/$/, '')}/portal/insights/${insight.id}`);
    expect(mail.html).toContain(`/portal/insights/${insight.id}`);
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/SECRET-(SUMMARY|BODY)/);

    // The instant one is sent; the daily one waits for the digest; "off", inactive and no-access have none.
    const rows = await notices(insight.id);
    expect(rows.map((r) => [r.portal_member_id, r.sent_at !== null])).toEqual(
      expect.arrayContaining([
        [instant.member.id, true],
        [daily.member.id, false],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.organization_id === organizationId)).toBe(true);
  });

  it('is not sent for a draft (a link made while drafting tells no one), and comes when it is published', async () => {
    const { client, organizationId, user } = await boardOf();
    const { boardUser, member } = await memberWithAccess(organizationId);
    const insight = await createInsight(app, organizationId, user.id, { title: 'Draft budget', category: 'finance' });
    const before = app.mail.sent.length;
    const linked = await client.put(`/insights/${insight.id}`, { title: 'Draft budget', summary: '', body: '', category: 'finance', board_user_ids: [boardUser.id] }, { inertia: true });
    expect(linked.status).toBe(303);
    expect(mailsTo(member.email, before)).toHaveLength(0);
    expect(await notices(insight.id)).toHaveLength(0);

    await client.post(`/insights/${insight.id}/publish`, undefined, { inertia: true });
    expect(mailsTo(member.email, before)).toHaveLength(1);
  });

  it('is sent once: publishing again (after archiving) or linking again does not repeat it', async () => {
    const { client, organizationId, user } = await boardOf();
    const { boardUser, member } = await memberWithAccess(organizationId);
    const insight = await createInsight(app, organizationId, user.id, { title: 'Once only', category: 'finance', boardUserIds: [boardUser.id] });
    const before = app.mail.sent.length;
    await client.post(`/insights/${insight.id}/publish`, undefined, { inertia: true });
    await client.post(`/insights/${insight.id}/archive`, undefined, { inertia: true });
    await client.post(`/insights/${insight.id}/publish`, undefined, { inertia: true });
    // Unlinked and linked again.
    const body = { title: 'Once only', summary: '', body: '', category: 'finance' };
    await client.put(`/insights/${insight.id}`, { ...body, board_user_ids: [] }, { inertia: true });
    await client.put(`/insights/${insight.id}`, { ...body, board_user_ids: [boardUser.id] }, { inertia: true });
    expect(mailsTo(member.email, before)).toHaveLength(1);
    expect(await notices(insight.id)).toHaveLength(1);
  });

  it('tells a board member linked to an already published insight, and only them', async () => {
    const { client, organizationId, user } = await boardOf();
    const first = await memberWithAccess(organizationId);
    const second = await memberWithAccess(organizationId);
    const insight = await createInsight(app, organizationId, user.id, { title: 'Live one', category: 'finance', boardUserIds: [first.boardUser.id] });
    await client.post(`/insights/${insight.id}/publish`, undefined, { inertia: true });
    const before = app.mail.sent.length;
    const res = await client.put(
      `/insights/${insight.id}`,
      { title: 'Live one', summary: '', body: '', category: 'finance', board_user_ids: [first.boardUser.id, second.boardUser.id] },
      { inertia: true },
    );
    expect(res.status).toBe(303);
    expect(app.mail.sent.slice(before).map((m) => m.to)).toEqual([second.member.email]);
  });

  it('bulk publish: one mail per member listing the insights, in the member’s language', async () => {
    const { client, organizationId, user } = await boardOf('Stiftung Nord');
    const { boardUser, member } = await memberWithAccess(organizationId, 'instant', { locale: 'de' });
    const a = await createInsight(app, organizationId, user.id, { title: 'Risikobericht', category: 'finance', boardUserIds: [boardUser.id] });
    const b = await createInsight(app, organizationId, user.id, { title: 'Haushalt 2027', category: 'finance', boardUserIds: [boardUser.id] });
    const before = app.mail.sent.length;
    expect((await client.post('/insights/bulk', { action: 'publish', ids: [a.id, b.id] }, { inertia: true })).status).toBe(303);
    const sent = mailsTo(member.email, before);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('2 neue Insights für Sie');
    expect(sent[0].text).toContain('Stiftung Nord:');
    expect(sent[0].text).toContain(`• Risikobericht: `);
    expect(sent[0].text).toContain(`/portal/insights/${a.id}`);
    expect(sent[0].text).toContain(`/portal/insights/${b.id}`);
  });

  it('restoring a published insight tells those linked meanwhile, no one twice', async () => {
    const { client, organizationId, user } = await boardOf();
    const { boardUser, member } = await memberWithAccess(organizationId);
    const insight = await createInsight(app, organizationId, user.id, {
      title: 'Binned',
      category: 'finance',
      status: 'published',
      published_at: clock.now(),
      deleted_at: clock.now(),
      boardUserIds: [boardUser.id],
    });
    const before = app.mail.sent.length;
    expect((await client.put(`/insights/${insight.id}/restore`, undefined, { inertia: true })).status).toBe(303);
    expect(mailsTo(member.email, before)).toHaveLength(1);
    await client.delete(`/insights/${insight.id}`, undefined, { inertia: true });
    await client.put(`/insights/${insight.id}/restore`, undefined, { inertia: true });
    expect(mailsTo(member.email, before)).toHaveLength(1);
  });

  it('a board member of two organisations hears from each, by its name', async () => {
    const one = await boardOf('First Board');
    const two = await boardOf('Second Board');
    const address = email('both');
    const bu1 = await createBoardUser(app, one.organizationId, { email: address });
    const bu2 = await createBoardUser(app, two.organizationId, { email: address.toUpperCase() });
    await grantPortalAccess(app, bu1);
    const member = await grantPortalAccess(app, bu2);
    const i1 = await createInsight(app, one.organizationId, one.user.id, { title: 'From one', category: 'finance', boardUserIds: [bu1.id] });
    const i2 = await createInsight(app, two.organizationId, two.user.id, { title: 'From two', category: 'finance', boardUserIds: [bu2.id] });
    const before = app.mail.sent.length;
    await one.client.post(`/insights/${i1.id}/publish`, undefined, { inertia: true });
    await two.client.post(`/insights/${i2.id}/publish`, undefined, { inertia: true });
    expect(mailsTo(member.email, before).map((m) => m.subject)).toEqual(['New from First Board: From one', 'New from Second Board: From two']);
  });

  it('a record whose e-mail changed since the grant, or which was deleted, is not told', async () => {
    const { client, organizationId, user } = await boardOf();
    const moved = await memberWithAccess(organizationId);
    const deleted = await memberWithAccess(organizationId);
    await app.ctx.db
      .updateTable('board_users')
      .set({ email: email('elsewhere') })
      .where('id', '=', moved.boardUser.id)
      .execute();
    await app.ctx.db.updateTable('board_users').set({ deleted_at: clock.now() }).where('id', '=', deleted.boardUser.id).execute();
    const insight = await createInsight(app, organizationId, user.id, { title: 'Nobody', category: 'finance', boardUserIds: [moved.boardUser.id, deleted.boardUser.id] });
    const before = app.mail.sent.length;
    await client.post(`/insights/${insight.id}/publish`, undefined, { inertia: true });
    expect(app.mail.sent.slice(before)).toHaveLength(0);
    expect(await notices(insight.id)).toHaveLength(0);
  });

  it('hostile titles and names are text: escaped in the HTML, never read as a message', async () => {
    const { client, organizationId, user } = await boardOf('<b>Org</b> {org} @@');
    const { boardUser, member } = await memberWithAccess(organizationId);
    const title = '<script>alert(1)</script> {count, plural, one {x} other {y}} {title} @@';
    const insight = await createInsight(app, organizationId, user.id, { title, category: 'finance', boardUserIds: [boardUser.id] });
    const before = app.mail.sent.length;
    await client.post(`/insights/${insight.id}/publish`, undefined, { inertia: true });
    const [mail] = mailsTo(member.email, before);
    expect(mail.subject).toBe(`New from <b>Org</b> {org} @@: ${title}`);
    expect(mail.text).toContain(`“${title}”`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Org');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; {count, plural, one {x} other {y}} {title} @@');
  });

  it('another organisation’s publish never tells this one’s members; a rolled-back publish tells no one', async () => {
    const mine = await boardOf();
    const other = await boardOf();
    const { boardUser, member } = await memberWithAccess(mine.organizationId);
    // Their insight linked (by a forged row) to my board user: not of their organisation, not told.
    const theirs = await createInsight(app, other.organizationId, other.user.id, { title: 'Theirs', category: 'finance', boardUserIds: [boardUser.id] });
    const before = app.mail.sent.length;
    await other.client.post(`/insights/${theirs.id}/publish`, undefined, { inertia: true });
    expect(mailsTo(member.email, before)).toHaveLength(0);
    // My editor cannot publish theirs: 404, nothing recorded.
    const deleted = await createInsight(app, mine.organizationId, mine.user.id, { title: 'In the bin', category: 'finance', deleted_at: clock.now(), boardUserIds: [boardUser.id] });
    expect((await mine.client.post(`/insights/${theirs.id}/publish`, undefined, { inertia: true })).status).toBe(404);
    // Publishing a deleted insight fails validation: the transaction rolls back, no notice, no mail.
    await mine.client.post(`/insights/${deleted.id}/publish`, undefined, { inertia: true });
    expect(await notices(deleted.id)).toHaveLength(0);
    expect(mailsTo(member.email, before)).toHaveLength(0);
  });

  it('a viewer cannot publish (403) and so tells no one', async () => {
    const viewer = await memberClient(app, 'viewer');
    const { boardUser, member } = await memberWithAccess(viewer.organizationId);
    const insight = await createInsight(app, viewer.organizationId, null, { title: 'Not yours', category: 'finance', boardUserIds: [boardUser.id] });
    const before = app.mail.sent.length;
    expect((await viewer.client.post(`/insights/${insight.id}/publish`, undefined, { inertia: true })).status).toBe(403);
    expect(mailsTo(member.email, before)).toHaveLength(0);
  });
});
