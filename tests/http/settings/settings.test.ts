import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, createOrganization, createUser, memberClient } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

async function patch(c: TestClient, body: unknown) {
  const res = await c.patch('/settings', body, { inertia: true, headers: { Referer: `${app.url}/settings` } });
  const page = (await c.get('/settings', { inertia: true })).json();
  return { res, page, errors: page.props.errors as Record<string, string> };
}

const userRow = (id: number) => app.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('Settings/Index', () => {
  it('shows the user’s language and time zone, and the locale list; no organisation part for non-admins', async () => {
    const { client } = await memberClient(app, 'editor');
    const page = (await client.get('/settings', { inertia: true })).json();
    expect(page.component).toBe('Settings/Index');
    expect(page.props.preferences).toEqual({ locale: 'en-US', timezone: 'UTC', version: expect.any(String) });
    // The interface is English only: each choice says which date and number format it gives.
    expect(page.props.locales[0]).toEqual({ value: 'en-US', label: 'United States (English): 11/23/26 · 1,234,567.89' });
    const labels = new Map(page.props.locales.map((l: { value: string; label: string }) => [l.value, l.label]));
    expect(labels.get('de-DE')).toBe('Germany (German): 23.11.26 · 1.234.567,89');
    expect(labels.get('fr-FR')).toMatch(/^France \(French\): 23\/11\/2026 · 1\s234\s567,89$/);
    expect([...labels.values()].join(' ')).not.toMatch(/Deutsch|Français|Español/);
    expect(page.props.locales.map((l: { value: string }) => l.value)).toEqual(expect.arrayContaining(['en-GB', 'fr-FR', 'de-DE', 'ja-JP']));
    expect(page.props.organization).toBeNull();
  });

  it('works without a current organisation (a user who belongs to none)', async () => {
    const user = await createUser(app);
    const c = await actingAs(app, app.client(), user);
    const page = (await c.get('/settings', { inertia: true })).json();
    expect(page.component).toBe('Settings/Index');
    expect(page.props.organization).toBeNull();
  });

  it('sends guests to sign in', async () => {
    const res = await app.client().get('/settings');
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login');
  });
});

describe('language and region', () => {
  it('saves locale and time zone (canonical name), shared with every page, and logs it for the user’s History', async () => {
    const { client, user } = await memberClient(app, 'viewer');
    const { res, page, errors } = await patch(client, { locale: 'fr-FR', timezone: 'europe/paris' });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/settings');
    expect(errors).toEqual({});
    // The confirmation is read in the language just chosen.
    expect(page.props.flash.success).toBe('Langue et région enregistrées.');
    expect(page.props.auth.user).toMatchObject({ locale: 'fr-FR', timezone: 'Europe/Paris' });
    expect(await userRow(user.id)).toMatchObject({ locale: 'fr-FR', timezone: 'Europe/Paris' });
    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('causer_id', '=', user.id).where('event', '=', 'settings_updated').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ organization_id: null, subject_type: 'user', subject_id: user.id, facts: { settings: 'both' } });
    expect(log.properties).toEqual({ old: { locale: 'en-US', timezone: 'UTC' }, attributes: { locale: 'fr-FR', timezone: 'Europe/Paris' } });

    const again = await patch(client, { locale: 'fr-FR', timezone: 'Europe/Paris' });
    expect(again.page.props.flash.success).toBe('Rien à modifier.');
  });

  it.each([
    [{ locale: 'xx-YY', timezone: 'UTC' }, { locale: 'The selected language is not one we support.' }],
    [{ locale: 'en-US', timezone: 'Mars/Olympus_Mons' }, { timezone: 'The time zone must be a valid IANA time zone, such as Europe/Paris.' }],
    [{ locale: 'en-US', timezone: '../../etc/passwd' }, { timezone: 'The time zone must be a valid IANA time zone, such as Europe/Paris.' }],
    [{ locale: 'en-US', timezone: 'x'.repeat(500) }, { timezone: 'The time zone must be a valid IANA time zone, such as Europe/Paris.' }],
    [{}, { locale: 'The language field is required.', timezone: 'The time zone field is required.' }],
    [
      { locale: 42, timezone: ['UTC'] },
      { locale: 'The language must be text.', timezone: 'The time zone must be text.' },
    ],
  ])('refuses %j with field errors, never a 500', async (body, expected) => {
    const { client, user } = await memberClient(app, 'viewer');
    const { res, errors } = await patch(client, body);
    expect(res.status).toBe(303); // back to the form
    expect(errors).toEqual(expected);
    expect(await userRow(user.id)).toMatchObject({ locale: 'en-US', timezone: 'UTC' });
  });
});

describe('the organisation’s public page switch', () => {
  it('is offered to admins and writes the change with an activity log row', async () => {
    const org = await createOrganization(app, null, { public_page_enabled: true });
    const { client, user } = await memberClient(app, 'admin', org.id);
    const before = (await client.get('/settings', { inertia: true })).json();
    expect(before.props.organization).toMatchObject({ id: org.id, public_page_enabled: true, public_url: `${app.url}/p/${org.slug}` });

    const { errors, page } = await patch(client, { public_page_enabled: false });
    expect(errors).toEqual({});
    expect(page.props.flash.success).toBe('The public page is now off.');
    expect(page.props.organization.public_page_enabled).toBe(false);
    expect((await app.ctx.db.selectFrom('organizations').select('public_page_enabled').where('id', '=', org.id).executeTakeFirstOrThrow()).public_page_enabled).toBe(false);
    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', org.id).where('causer_id', '=', user.id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ event: 'public_page_turned_off', subject_type: 'organization', subject_id: org.id });
    expect(log.properties).toEqual({ old: { public_page_enabled: true }, attributes: { public_page_enabled: false } });
    expect(app.broadcasts.published.some((m) => m.event === 'ActivityLogged' && m.channels.includes(`private-organizations.${org.id}`))).toBe(true);
    expect((await app.client().get(`/p/${org.slug}`)).status).toBe(404);

    await patch(client, { public_page_enabled: true });
    expect((await app.ctx.db.selectFrom('organizations').select('public_page_enabled').where('id', '=', org.id).executeTakeFirstOrThrow()).public_page_enabled).toBe(true);
  });

  it.each(['viewer', 'editor'] as const)('a %s may not switch it (403)', async (role) => {
    const org = await createOrganization(app, null, { public_page_enabled: true });
    const { client } = await memberClient(app, role, org.id);
    const res = await client.patch('/settings', { public_page_enabled: false }, { inertia: true });
    expect(res.status).toBe(403);
    expect((await app.ctx.db.selectFrom('organizations').select('public_page_enabled').where('id', '=', org.id).executeTakeFirstOrThrow()).public_page_enabled).toBe(true);
  });

  it('a user without a current organisation gets 403', async () => {
    const user = await createUser(app);
    const c = await actingAs(app, app.client(), user);
    expect((await c.patch('/settings', { public_page_enabled: false }, { inertia: true })).status).toBe(403);
  });
});
