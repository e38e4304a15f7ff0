import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { actingAs, createBoardUser, createInsight, memberClient } from '../../helpers/factories';
import { grantPortalAccess } from '../../helpers/portal';
import { runPortalDigests } from '../../../server/features/portal-delivery/service';
import { startScheduler } from '../../../server/features/scheduler';

let app: TestApp;
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

let seq = 0;
const email = () => `digest-${++seq}@board.test`;
const DAY = 24 * 60 * 60 * 1000;

/** Runs the scheduler's digest job and waits for the mails it queued. */
async function digest() {
  const report = await runPortalDigests(app.ctx);
  await app.ctx.mailQueue.settle();
  return report;
}

async function dailyMember(organizationId: number, locale = 'en-US') {
  const boardUser = await createBoardUser(app, organizationId, { email: email() });
  const member = await grantPortalAccess(app, boardUser);
  await app.ctx.db.updateTable('portal_members').set({ delivery: 'daily', locale }).where('id', '=', member.id).execute();
  return { boardUser, member };
}

async function orgNamed(name: string) {
  const editor = await memberClient(app, 'editor');
  await app.ctx.db.updateTable('organizations').set({ name }).where('id', '=', editor.organizationId).execute();
  return editor;
}

async function publish(editor: Awaited<ReturnType<typeof orgNamed>>, title: string, boardUserIds: number[], extra: { summary?: string } = {}) {
  const insight = await createInsight(app, editor.organizationId, editor.user.id, { title, category: 'finance', boardUserIds, ...extra });
  // A fresh session each time: the fake clock moves by days, past a session's lifetime.
  const client = await actingAs(app, app.client(), editor.user, editor.organizationId);
  const res = await client.post(`/insights/${insight.id}/publish`, undefined, { inertia: true });
  expect([res.status, res.location]).toEqual([303, `/insights/${insight.id}`]);
  return insight;
}

const mailsTo = (to: string, since: number) => app.mail.sent.slice(since).filter((m) => m.to === to);

describe('the daily digest', () => {
  it('one mail a day with every new insight, grouped by organisation; idempotent the same day; nothing the next day when nothing is new', async () => {
    clock.set('2026-11-23T09:00:00Z');
    const north = await orgNamed('North Board');
    const south = await orgNamed('South Board');
    const address = email();
    const buNorth = await createBoardUser(app, north.organizationId, { email: address });
    const buSouth = await createBoardUser(app, south.organizationId, { email: address });
    await grantPortalAccess(app, buNorth);
    const member = await grantPortalAccess(app, buSouth);
    await app.ctx.db.updateTable('portal_members').set({ delivery: 'daily' }).where('id', '=', member.id).execute();
    const before = app.mail.sent.length;

    const a = await publish(north, 'Risk review', [buNorth.id], { summary: 'CONFIDENTIAL summary' });
    const b = await publish(north, 'Budget 2027', [buNorth.id]);
    const c = await publish(south, 'Audit findings', [buSouth.id]);
    // Daily: nothing at publication.
    expect(mailsTo(member.email, before)).toHaveLength(0);

    clock.set('2026-11-24T08:00:00Z');
    const report = await digest();
    expect(report.failed).toBe(0);
    const sent = mailsTo(member.email, before);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail.subject).toBe('Your daily digest: 3 new insights');
    const text = mail.text;
    expect(text).not.toContain('CONFIDENTIAL');
    const north_ = text.indexOf('North Board:');
    const south_ = text.indexOf('South Board:');
    expect(north_).toBeGreaterThan(-1);
    expect(south_).toBeGreaterThan(north_);
    for (const [insight, title] of [
      [a, 'Risk review'],
      [b, 'Budget 2027'],
      [c, 'Audit findings'],
    ] as const) {
      expect(text).toContain(`• ${title}: `);
      expect(text).toContain(`/portal/insights/${insight.id}`);
    }
    expect(text.indexOf('Audit findings')).toBeGreaterThan(south_);
    const row = await app.ctx.db.selectFrom('portal_members').select('digest_sent_at').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row.digest_sent_at).toEqual(new Date('2026-11-24T08:00:00Z'));
    const pending = await app.ctx.db.selectFrom('portal_notifications').select('id').where('portal_member_id', '=', member.id).where('sent_at', 'is', null).execute();
    expect(pending).toHaveLength(0);

    // Twice the same day: nothing more, even with something new meanwhile (it waits for tomorrow).
    await digest();
    const d = await publish(north, 'Late news', [buNorth.id]);
    clock.set('2026-11-24T22:00:00Z');
    await digest();
    expect(mailsTo(member.email, before)).toHaveLength(1);

    // The next day: the one new insight.
    clock.set('2026-11-25T07:30:00Z');
    await digest();
    const next = mailsTo(member.email, before);
    expect(next).toHaveLength(2);
    expect(next[1].subject).toBe('Your daily digest: 1 new insight');
    expect(next[1].text).toContain(`/portal/insights/${d.id}`);
    expect(next[1].text).not.toContain('Risk review');

    // The day after, nothing new: no mail.
    clock.advance(DAY);
    await digest();
    expect(mailsTo(member.email, before)).toHaveLength(2);
  });

  it('waits for the morning hour: a run at night sends nothing yet', async () => {
    clock.set('2026-12-01T10:00:00Z');
    const org = await orgNamed('Night Board');
    const { boardUser, member } = await dailyMember(org.organizationId);
    await publish(org, 'Overnight', [boardUser.id]);
    const before = app.mail.sent.length;
    clock.set('2026-12-02T03:00:00Z');
    await digest();
    expect(mailsTo(member.email, before)).toHaveLength(0);
    clock.set('2026-12-02T07:00:00Z');
    await digest();
    expect(mailsTo(member.email, before)).toHaveLength(1);
  });

  it('leaves out a record whose access ended since, and an insight no longer published; a member with nothing left gets no mail', async () => {
    clock.set('2026-12-05T09:00:00Z');
    const one = await orgNamed('Kept Board');
    const two = await orgNamed('Revoked Board');
    const address = email();
    const kept = await createBoardUser(app, one.organizationId, { email: address });
    const revoked = await createBoardUser(app, two.organizationId, { email: address });
    await grantPortalAccess(app, kept);
    const member = await grantPortalAccess(app, revoked);
    await app.ctx.db.updateTable('portal_members').set({ delivery: 'daily' }).where('id', '=', member.id).execute();
    const stays = await publish(one, 'Still for you', [kept.id]);
    const archived = await publish(one, 'Archived since', [kept.id]);
    const gone = await publish(two, 'Access ended', [revoked.id]);
    expect((await one.client.post(`/insights/${archived.id}/archive`, undefined, { inertia: true })).location).toBe(`/insights/${archived.id}`);
    await app.ctx.db.deleteFrom('board_user_portal_access').where('board_user_id', '=', revoked.id).execute();
    const before = app.mail.sent.length;

    clock.set('2026-12-06T09:00:00Z');
    await digest();
    const [mail, ...more] = mailsTo(member.email, before);
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe('Your daily digest: 1 new insight');
    expect(mail.text).toContain(`/portal/insights/${stays.id}`);
    expect(mail.text).not.toContain('Archived since');
    expect(mail.text).not.toContain('Access ended');
    expect(mail.text).not.toContain('Revoked Board');
    expect(mail.text).not.toContain(`/portal/insights/${gone.id}`);

    // An inactive board user's member, with nothing else: no mail at all.
    const lone = await dailyMember(one.organizationId);
    await publish(one, 'For the inactive', [lone.boardUser.id]);
    await app.ctx.db.updateTable('board_users').set({ status: 'inactive' }).where('id', '=', lone.boardUser.id).execute();
    clock.set('2026-12-07T09:00:00Z');
    const since = app.mail.sent.length;
    await digest();
    expect(mailsTo(lone.member.email, since)).toHaveLength(0);
  });

  it('is written in the member’s language and keeps hostile titles as text', async () => {
    clock.set('2026-12-10T09:00:00Z');
    const org = await orgNamed('Conseil <Sud> {org}');
    const { boardUser, member } = await dailyMember(org.organizationId, 'fr');
    const title = '<script>x()</script> {title} {count, plural, other {#}} @@';
    await publish(org, title, [boardUser.id]);
    await publish(org, 'Deuxième', [boardUser.id]);
    const before = app.mail.sent.length;
    clock.set('2026-12-11T09:00:00Z');
    await digest();
    const [mail] = mailsTo(member.email, before);
    expect(mail.subject).toBe('Votre récapitulatif du jour : 2 nouvelles analyses');
    expect(mail.text).toContain('Conseil <Sud> {org} :');
    expect(mail.text).toContain(`• ${title} : `);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;x()&lt;/script&gt; {title} {count, plural, other {#}} @@');
    expect(mail.html).toContain('Conseil &lt;Sud&gt; {org}');
  });

  it('is not sent to members who want each notice at once, or none', async () => {
    clock.set('2026-12-15T09:00:00Z');
    const org = await orgNamed('Mixed Board');
    const off = await dailyMember(org.organizationId);
    await app.ctx.db.updateTable('portal_members').set({ delivery: 'off' }).where('id', '=', off.member.id).execute();
    await publish(org, 'For no one by mail', [off.boardUser.id]);
    const before = app.mail.sent.length;
    clock.set('2026-12-16T09:00:00Z');
    await digest();
    expect(mailsTo(off.member.email, before)).toHaveLength(0);
  });

  it('runs in the server’s scheduler, beside the subscription transitions', async () => {
    clock.set('2026-12-20T09:00:00Z');
    const org = await orgNamed('Scheduled Board');
    const { boardUser, member } = await dailyMember(org.organizationId);
    await publish(org, 'By the scheduler', [boardUser.id]);
    clock.set('2026-12-21T09:00:00Z');
    const scheduler = startScheduler(app.ctx, { intervalMs: 25 });
    const sentAt = async () => (await app.ctx.db.selectFrom('portal_members').select('digest_sent_at').where('id', '=', member.id).executeTakeFirstOrThrow()).digest_sent_at;
    const deadline = Date.now() + 5_000;
    while (!(await sentAt()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    await scheduler.stop();
    await app.ctx.mailQueue.drain();
    expect(await sentAt()).toEqual(new Date('2026-12-21T09:00:00Z'));
    expect(app.mail.sent.filter((m) => m.to === member.email).map((m) => m.subject)).toEqual(['Your daily digest: 1 new insight']);
  });
});
