import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { createBoardUser, createOrganization } from '../../helpers/factories';
import { actingAsBoardMember, grantPortalAccess } from '../../helpers/portal';

/** Issue #27: a board member signs in from the organisation's page by an e-mailed, single-use, browser-bound link. */
let app: TestApp;
const clock = new FakeClock(new Date('2026-11-28T09:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

let seq = 0;
async function boardMemberOf(orgSlug?: string) {
  seq++;
  const org = await createOrganization(app, null, orgSlug ? { slug: orgSlug } : {});
  const email = `director${seq}@board.test`;
  const boardUser = await createBoardUser(app, org.id, { email, first_name: 'Dana', last_name: `Director${seq}` });
  const member = await grantPortalAccess(app, boardUser, { invitedOnly: true });
  return { org, email, boardUser, member };
}

const linkPath = (email: string) => new URL(app.mail.linkIn(app.mail.last(email), /https?:\/\/\S+\/portal\/sign-in\/\S+/)).pathname;

async function askForLink(client: TestClient, slug: string, email: string) {
  await client.prime(`/org-login/${slug}`);
  return client.post(`/org-login/${slug}/link`, { board_email: email }, { inertia: true, headers: { Referer: `${app.url}/org-login/${slug}` } });
}

describe('asking for a sign-in link', () => {
  it('mails a link that opens a page, and signs in only when its button is pressed; the link then is spent', async () => {
    const { org, email, boardUser } = await boardMemberOf();
    const browser = app.client();
    const asked = await askForLink(browser, org.slug, email);
    expect(asked.status).toBe(303);
    expect(asked.location).toBe(`/org-login/${org.slug}?as=board`);
    const mail = app.mail.last(email)!;
    expect(mail.subject).toContain(org.name);
    const path = linkPath(email);

    const page = await browser.get(path, { inertia: true });
    expect(page.json().component).toBe('Portal/SignIn');
    expect(page.json().props.state).toBe('ready');
    // Opening the page signed no one in (a mail scanner that follows links).
    expect((await browser.get('/portal', { inertia: true })).status).not.toBe(200);

    const used = await browser.post(path, {}, { inertia: true });
    expect(used.status).toBe(303);
    expect(used.location).toBe('/portal');
    // A board member, never staff.
    expect((await browser.get('/dashboard', { inertia: true })).status).toBe(403);

    const access = await app.ctx.db.selectFrom('board_user_portal_access').selectAll().where('board_user_id', '=', boardUser.id).executeTakeFirstOrThrow();
    expect(access.activated_at).not.toBeNull();
    const logged = await app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', org.id).where('event', '=', 'portal_signed_in').execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ subject_type: 'board_user', subject_id: boardUser.id, causer_id: null });
    expect(logged[0].facts).toEqual({ method: 'link' });

    // Used once: again, it is gone (for this browser and any other).
    const again = app.client();
    await again.prime('/');
    const reused = await browser.post(path, {}, { inertia: true });
    expect(reused.status).toBe(410);
    expect(reused.json().props.state).toBe('invalid');
    expect((await again.get(path, { inertia: true })).json().props.state).toBe('invalid');
  });

  it('answers an unknown address, and one without access here, exactly as a known one, and mails neither', async () => {
    const { org, email } = await boardMemberOf();
    const other = await boardMemberOf();
    const answers = [];
    for (const address of [email, 'nobody@nowhere.test', other.email]) {
      const client = app.client();
      const before = app.mail.sent.length;
      const res = await askForLink(client, org.slug, address);
      const next = await client.get(res.location!, { inertia: true });
      answers.push({ status: res.status, location: res.location, flash: JSON.stringify(next.json().props.flash).replace(address, 'ADDRESS'), mails: app.mail.sent.length - before });
    }
    expect(answers[0]).toMatchObject({ mails: 1 });
    expect(answers[1]).toEqual({ ...answers[0], mails: 0 });
    expect(answers[2]).toEqual({ ...answers[0], mails: 0 });
  });

  it('expires after 15 minutes', async () => {
    const { org, email } = await boardMemberOf();
    const browser = app.client();
    await askForLink(browser, org.slug, email);
    const path = linkPath(email);
    clock.advance(15 * 60_000 + 1000);
    const res = await browser.post(path, {}, { inertia: true });
    expect(res.status).toBe(410);
    expect(res.json().props.state).toBe('invalid');
  });

  it('works only in the browser that asked for it; opened elsewhere it says so and stays usable where it belongs', async () => {
    const { org, email } = await boardMemberOf();
    const asker = app.client();
    await askForLink(asker, org.slug, email);
    const path = linkPath(email);
    const elsewhere = app.client();
    await elsewhere.prime('/');
    expect((await elsewhere.get(path, { inertia: true })).json().props).toMatchObject({ state: 'otherBrowser', token: null });
    const refused = await elsewhere.post(path, {}, { inertia: true });
    expect(refused.json().props.state).toBe('otherBrowser');
    expect((await elsewhere.get('/portal', { inertia: true })).status).not.toBe(200);
    expect((await asker.post(path, {}, { inertia: true })).location).toBe('/portal');
  });

  it('throttles requests per address, known or not, with a field error', async () => {
    const { org, email } = await boardMemberOf();
    for (const address of [email, 'ghost@nowhere.test']) {
      const client = app.client();
      for (let i = 0; i < 3; i++) expect((await askForLink(client, org.slug, address)).location).toContain('?as=board');
      const throttled = await askForLink(client, org.slug, address);
      const page = await client.get(throttled.location!, { inertia: true });
      expect(page.json().props.errors.board_email).toMatch(/Too many|seconds/i);
    }
  });

  it('refuses a request without the CSRF token, an invalid address with a field error, and an unknown organisation', async () => {
    const { org, email } = await boardMemberOf();
    const client = app.client();
    await client.prime(`/org-login/${org.slug}`);
    const before = app.mail.sent.length;
    expect((await client.post(`/org-login/${org.slug}/link`, { board_email: email }, { noCsrf: true })).status).toBe(419);
    expect(app.mail.sent.length).toBe(before);
    const bad = await client.post(`/org-login/${org.slug}/link`, { board_email: '<script>alert(1)</script>' }, { inertia: true, headers: { Referer: `${app.url}/org-login/${org.slug}` } });
    expect(bad.status).toBe(303);
    expect((await client.get(bad.location!, { inertia: true })).json().props.errors.board_email).toBeTruthy();
    const unknown = await client.post('/org-login/no-such-org-here/link', { board_email: email }, { inertia: true, headers: { Referer: `${app.url}/org-login` } });
    expect(unknown.status).toBe(303);
  });

  it('ends the session when access is revoked or the board user becomes inactive; a spent session is a guest again', async () => {
    const { boardUser, member } = await boardMemberOf();
    const client = await actingAsBoardMember(app, app.client(), member.id);
    expect((await client.get('/dashboard', { inertia: true })).status).toBe(403);
    await app.ctx.db.updateTable('board_users').set({ status: 'inactive' }).where('id', '=', boardUser.id).execute();
    // The next request finds no record left: the portal session is over, the staff side sends it to sign in.
    const next = await client.get('/dashboard', { inertia: true });
    expect(next.status).toBe(302);
    expect(next.location).toBe('/login');
  });

  it('sends a guest at a portal page to the board members’ sign-in, and back to that page after the link', async () => {
    const { org, email } = await boardMemberOf();
    const browser = app.client();
    await browser.prime('/');
    const guest = await browser.get('/portal/insights/12345', { inertia: true });
    expect(guest.status).toBe(302);
    expect(guest.location).toBe('/org-login?as=board');
    await askForLink(browser, org.slug, email);
    expect((await browser.post(linkPath(email), {}, { inertia: true })).location).toBe('/portal/insights/12345');
  });

  it('signs out', async () => {
    const { member } = await boardMemberOf();
    const client = await actingAsBoardMember(app, app.client(), member.id);
    const res = await client.post('/portal/logout', {}, { inertia: true });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/org-login');
    expect((await client.get('/dashboard', { inertia: true })).location).toBe('/login');
  });
});
