import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { createBoardUser, createInsight, memberClient } from '../../helpers/factories';
import { actingAsBoardMember, grantPortalAccess } from '../../helpers/portal';
import { runPortalDigests } from '../../../server/features/portal-delivery/service';

let app: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

let seq = 0;

/** A board member with access in a new organisation, signed in to the portal. */
async function boardMember(options: { orgName?: string; namedReceipts?: boolean } = {}) {
  const editor = await memberClient(app, 'editor');
  await app.ctx.db
    .updateTable('organizations')
    .set({ name: options.orgName ?? `Board ${++seq}`, named_read_receipts: options.namedReceipts ?? false })
    .where('id', '=', editor.organizationId)
    .execute();
  const boardUser = await createBoardUser(app, editor.organizationId, { email: `settings-${++seq}@board.test` });
  const member = await grantPortalAccess(app, boardUser);
  const client = await actingAsBoardMember(app, app.client(), member.id);
  return { editor, boardUser, member, client };
}

const memberRow = (id: number) => app.ctx.db.selectFrom('portal_members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function patch(client: TestClient, body: unknown) {
  const res = await client.patch('/portal/settings', body, { inertia: true, headers: { Referer: `${app.url}/portal/settings` } });
  const page = (await client.get('/portal/settings', { inertia: true })).json();
  return { res, page, errors: page.props.errors as Record<string, string> };
}

describe('Portal/Settings', () => {
  it('shows the member’s delivery and language, the choices, and no read-receipt notice when no organisation names readers', async () => {
    const { client } = await boardMember();
    const res = await client.get('/portal/settings', { inertia: true });
    expect(res.status).toBe(200);
    const page = res.json();
    expect(page.component).toBe('Portal/Settings');
    expect(page.props.settings).toEqual({ delivery: 'instant', locale: 'en-US' });
    expect(page.props.deliveries).toEqual(['instant', 'daily', 'off']);
    expect(page.props.locales).toEqual([
      { value: 'en-US', label: 'English' },
      { value: 'de', label: 'Deutsch' },
      { value: 'fr', label: 'Français' },
    ]);
    expect(page.props.named_read_receipts).toEqual([]);
    // A board member's page never carries a staff identity.
    expect(page.props.auth?.user ?? null).toBeNull();
  });

  it('names the organisations whose staff see who read, and only those', async () => {
    const shown = await boardMember({ orgName: 'Open Board', namedReceipts: true });
    const hidden = await boardMember({ orgName: 'Quiet Board' });
    // One person on both boards.
    const second = await createBoardUser(app, hidden.editor.organizationId, { email: shown.boardUser.email! });
    await grantPortalAccess(app, second);
    const page = (await shown.client.get('/portal/settings', { inertia: true })).json();
    expect(page.props.named_read_receipts).toEqual([{ id: shown.editor.organizationId, name: 'Open Board' }]);
  });

  it('renders as a full page (first visit) with the page in the HTML shell', async () => {
    const { client } = await boardMember();
    const res = await client.get('/portal/settings');
    expect(res.status).toBe(200);
    expect(res.page().component).toBe('Portal/Settings');
  });
});

describe('saving', () => {
  it('saves delivery and language; the confirmation is in the new language; saving the same again changes nothing', async () => {
    const { client, member } = await boardMember();
    const { res, page, errors } = await patch(client, { delivery: 'daily', locale: 'de' });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/portal/settings');
    expect(errors).toEqual({});
    expect(page.props.flash.success).toBe('Ihre Einstellungen sind gespeichert.');
    expect(page.props.locale).toBe('de');
    expect(await memberRow(member.id)).toMatchObject({ delivery: 'daily', locale: 'de' });
    const again = await patch(client, { delivery: 'daily', locale: 'de' });
    expect(again.page.props.flash.success).toBe('Nichts zu ändern.');
  });

  it.each([
    [{ delivery: 'weekly', locale: 'en-US' }, { delivery: 'Choose how you want to be told: at once, daily, or not at all.' }],
    [{ delivery: 'daily', locale: 'xx' }, { locale: 'Choose one of the languages offered.' }],
    [{}, { delivery: 'Choose how you want to be told: at once, daily, or not at all.', locale: 'Choose one of the languages offered.' }],
    [
      { delivery: ['daily'], locale: { $ne: 1 } },
      { delivery: 'Choose how you want to be told: at once, daily, or not at all.', locale: 'Choose one of the languages offered.' },
    ],
    [{ delivery: `<script>alert(1)</script>{x}@@${'a'.repeat(20_000)}`, locale: 'en-US' }, { delivery: 'Choose how you want to be told: at once, daily, or not at all.' }],
  ])('rejects %j', async (body, expected) => {
    const { client, member } = await boardMember();
    const { res, errors } = await patch(client, body);
    expect(res.status).toBe(303);
    expect(errors).toEqual(expected);
    expect(await memberRow(member.id)).toMatchObject({ delivery: 'instant', locale: 'en-US' });
  });

  it('turning delivery off: no digest later of what was waiting', async () => {
    clock.set('2026-11-23T09:00:00Z');
    const { client, member, boardUser, editor } = await boardMember();
    await patch(client, { delivery: 'daily', locale: 'en-US' });
    const insight = await createInsight(app, editor.organizationId, editor.user.id, { title: 'Waiting', category: 'finance', boardUserIds: [boardUser.id] });
    await editor.client.post(`/insights/${insight.id}/publish`, undefined, { inertia: true });
    await patch(client, { delivery: 'off', locale: 'en-US' });
    await patch(client, { delivery: 'daily', locale: 'en-US' });
    const before = app.mail.sent.length;
    clock.set('2026-11-24T09:00:00Z');
    await runPortalDigests(app.ctx);
    await app.ctx.mailQueue.settle();
    expect(app.mail.sent.slice(before).filter((m) => m.to === member.email)).toHaveLength(0);
    clock.set('2026-11-23T09:00:00Z');
  });

  it('turning delivery to "at once": what waited for the digest goes now, in one mail, in the new language', async () => {
    clock.set('2026-11-23T09:00:00Z');
    const { client, member, boardUser, editor } = await boardMember({ orgName: 'Waiting Board' });
    await patch(client, { delivery: 'daily', locale: 'en-US' });
    for (const title of ['First waiting', 'Second waiting']) {
      const insight = await createInsight(app, editor.organizationId, editor.user.id, { title, category: 'finance', boardUserIds: [boardUser.id] });
      await editor.client.post(`/insights/${insight.id}/publish`, undefined, { inertia: true });
    }
    const before = app.mail.sent.length;
    await patch(client, { delivery: 'instant', locale: 'fr' });
    const sent = app.mail.sent.slice(before).filter((m) => m.to === member.email);
    expect(sent.map((m) => m.subject)).toEqual(['2 nouvelles analyses pour vous']);
    expect(sent[0].text).toContain('Waiting Board :');
    const pending = await app.ctx.db.selectFrom('portal_notifications').select('id').where('portal_member_id', '=', member.id).where('sent_at', 'is', null).execute();
    expect(pending).toEqual([]);
  });

  it('needs the CSRF token', async () => {
    const { client, member } = await boardMember();
    const res = await client.patch('/portal/settings', { delivery: 'off', locale: 'fr' }, { noCsrf: true });
    expect(res.status).toBe(419);
    expect(await memberRow(member.id)).toMatchObject({ delivery: 'instant', locale: 'en-US' });
  });
});

describe('who may', () => {
  it('a guest is sent to the organisation sign-in page; a JSON request gets 401', async () => {
    const guest = app.client();
    const res = await guest.get('/portal/settings');
    expect(res.status).toBe(302);
    expect(res.location).toBe('/org-login?as=board');
    const json = await guest.get('/portal/settings', { headers: { Accept: 'application/json' } });
    expect(json.status).toBe(401);
    await guest.prime('/');
    const write = await guest.patch('/portal/settings', { delivery: 'off', locale: 'de' }, { inertia: true });
    expect(write.status).toBe(303);
    expect(write.location).toBe('/org-login?as=board');
  });

  it('a staff user is not a board member: never their settings page, never a change', async () => {
    const { client } = await memberClient(app, 'owner');
    const res = await client.get('/portal/settings', { inertia: true });
    expect([res.status, res.location]).toEqual([302, '/org-login?as=board']);
    const before = await app.ctx.db.selectFrom('portal_members').select(['id', 'delivery', 'locale']).execute();
    await client.patch('/portal/settings', { delivery: 'off', locale: 'de' }, { inertia: true });
    expect(await app.ctx.db.selectFrom('portal_members').select(['id', 'delivery', 'locale']).execute()).toEqual(before);
  });

  it('a board member whose access ended is signed out and cannot save', async () => {
    const { client, member, boardUser } = await boardMember();
    await app.ctx.db.deleteFrom('board_user_portal_access').where('board_user_id', '=', boardUser.id).execute();
    const res = await client.patch('/portal/settings', { delivery: 'off', locale: 'de' }, { inertia: true });
    expect([res.status, res.location]).toEqual([303, '/org-login?as=board']);
    expect(await memberRow(member.id)).toMatchObject({ delivery: 'instant', locale: 'en-US' });
  });

  it('a board member at the staff settings route gets 403', async () => {
    const { client } = await boardMember();
    expect((await client.get('/settings', { inertia: true })).status).toBe(403);
    expect((await client.patch('/settings', { locale: 'de-DE', timezone: 'UTC' }, { inertia: true })).status).toBe(403);
  });
});
