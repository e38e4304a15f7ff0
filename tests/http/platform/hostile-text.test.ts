import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRunner } from '../../../server/features/board-user-import/runner';
import { compiledMessageCount } from '../../../server/i18n/catalogs';
import { localize, msg, parseMsg, restoreMessages, storedMessages } from '../../../server/i18n/message';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { uploadImport as upload } from '../../helpers/import-upload';
import { actingAs, addMember, createBoardUser, createOrganization, createUser, PASSWORD } from '../../helpers/factories';

/**
 * Issue #23 finding 6: text a person typed (a name, an organisation, a board-user field, a CSV
 * cell, a filename) is never taken for one of the app's messages, and no such text makes a page
 * answer 500 or the process compile messages without bound.
 */

const APP_SENTENCE = 'Two-factor sign-in was turned off on your account';
const CREDENTIALS = 'These credentials do not match our records.';
const HOSTILE = [
  '@@i18n:["mail.security.twoFactorOff.line"]',
  '@@i18n:["validation.auth.failed"]',
  '@@i18n:["{a, select}"]',
  '{a, plural,}',
  '{name} {count, plural, one {#} other {#}}',
  // The current marker, with a made-up seal: still text.
  `\u2063i18n:${'A'.repeat(22)}["mail.security.twoFactorOff.line"]`,
  `<script>alert(1)</script>`,
];

let app: TestApp;
const clock = new FakeClock(new Date('2026-11-27T09:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

/** Every 500 and every appearance of the app's own sentences in what was answered. */
function problems(label: string, res: { status: number; text: string }): string[] {
  const found: string[] = [];
  if (res.status >= 500) found.push(`${label}: ${res.status}`);
  for (const sentence of [APP_SENTENCE, CREDENTIALS]) if (res.text.includes(sentence)) found.push(`${label}: shows "${sentence}"`);
  return found;
}

describe('messages are sealed values', () => {
  it('a message survives storage as data; text shaped like one, stored or not, stays text', () => {
    const real = msg('messages.twoFactor.setupRequired', { name: HOSTILE[0] });
    expect(localize('en-US', real)).toContain(HOSTILE[0]);
    expect(localize('en-US', real)).not.toContain(APP_SENTENCE);
    const stored = JSON.parse(JSON.stringify(storedMessages({ error: real, text: HOSTILE[0] })));
    expect(localize('en-US', restoreMessages(stored).error)).toBe(localize('en-US', real));
    expect(restoreMessages(stored).text).toBe(HOSTILE[0]);
    for (const text of HOSTILE) {
      expect(parseMsg(text)).toBeNull();
      expect(localize('de', text)).toBe(text);
    }
  });

  it('unknown ids are never compiled: the cache is bounded by the catalogs', () => {
    const before = compiledMessageCount();
    for (let i = 0; i < 500; i++) localize('fr', msg(`no.such.id.${i} {a, plural,}`));
    expect(compiledMessageCount()).toBe(before);
  });
});

describe('everywhere people see user text', () => {
  it('names of members and organisations, board-user fields: shown literally, never a 500', async () => {
    const failures: string[] = [];
    for (const text of HOSTILE) {
      const owner = await createUser(app);
      const org = await createOrganization(app, owner, { name: `${text} Org` });
      const viewer = await createUser(app, { name: text });
      await addMember(app, org.id, viewer, 'viewer');
      const admin = await actingAs(app, app.client(), owner, org.id, { 'auth.password_confirmed_at': Math.floor(clock.now().getTime() / 1000) });
      const boardUser = await createBoardUser(app, org.id, { first_name: text, last_name: text, position: text, board_name: text, notes: text });
      for (const url of [
        '/dashboard',
        '/users',
        `/users/${viewer.id}`,
        `/users/${viewer.id}/edit`,
        `/organizations/${org.id}`,
        `/organizations/${org.id}/edit`,
        '/board-users',
        `/board-users/${boardUser.id}`,
        `/board-users/${boardUser.id}/edit`,
        `/organizations/${org.id}/activity-logs`,
      ]) {
        const res = await admin.get(url);
        failures.push(...problems(`${url} (${text})`, res));
        // No message of ours leaves unsealed-but-untranslated (only the forged one, as typed).
        if (res.status === 200) expect(res.text, url).not.toMatch(/\u2063i18n:(?!A{22})/);
      }
      // The role-change confirmation and the change itself.
      const changed = await admin.put(`/users/${viewer.id}`, { role: 'editor' }, { inertia: true, headers: { Referer: `${app.url}/users/${viewer.id}/edit` } });
      failures.push(...problems(`PUT /users/${viewer.id} (${text})`, changed));
      failures.push(...problems(`after role change (${text})`, await admin.get('/users')));
    }
    expect(failures).toEqual([]);
  });

  it('registering with such a name: no 500, and the verification mail says the name as written', async () => {
    for (const text of HOSTILE) {
      const client = app.client();
      await client.prime('/register');
      const email = `hostile-${Math.random().toString(36).slice(2)}@example.test`;
      const res = await client.post('/register', { name: text, email, password: PASSWORD, password_confirmation: PASSWORD }, { inertia: true });
      expect(res.status, text).toBeLessThan(500);
      const mail = app.mail.last(email)!;
      expect(mail, text).toBeDefined();
      expect(mail.text).not.toContain(APP_SENTENCE);
      expect(mail.text).toContain(text);
    }
  });

  it('an import whose cells, headers and filename are such text: preview, run and failed-rows file', async () => {
    const { client, orgId } = await (async () => {
      const org = await createOrganization(app, null, { plan: 'business' });
      const user = await createUser(app);
      await addMember(app, org.id, user, 'editor');
      return { client: await actingAs(app, app.client(), user, org.id), orgId: org.id };
    })();
    await client.prime('/board-users/import');
    const csvCell = (s: string) => `"${s.replace(/"/g, '""')}"`;
    const rows = HOSTILE.map((text) => [csvCell(text), csvCell(text), 'not-an-email'].join(','));
    const csv = ['first_name,last_name,email', ...rows].join('\n');
    const up = await upload(client, csv, '{a, plural,}.csv');
    expect(up.status).toBe(303);
    const page = await client.get(up.location!);
    expect(problems('import preview', page)).toEqual([]);
    const id = Number(up.location!.split('/').pop());
    expect((await client.post(`/board-users/import/${id}/start`, {}, { inertia: true })).status).toBe(303);
    await importRunner(app.ctx).idle();
    const done = await client.get(`/board-users/import/${id}`);
    expect(problems('import result', done)).toEqual([]);
    const failed = await client.get(`/board-users/import/${id}/failures`);
    expect(failed.status).toBe(200);
    expect(failed.text).not.toContain(CREDENTIALS);
    expect(failed.text).toContain('email'); // the row's reason, in words
    expect(await app.ctx.db.selectFrom('board_users').select('id').where('organization_id', '=', orgId).execute()).toHaveLength(0);
  });

  it('forty imports of cells that look like messages: the compile cache does not grow', async () => {
    const org = await createOrganization(app, null, { plan: 'business' });
    const user = await createUser(app);
    await addMember(app, org.id, user, 'editor');
    const client = await actingAs(app, app.client(), user, org.id);
    await client.prime('/board-users/import');
    const before = compiledMessageCount();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < 40; i++) {
      const rows = Array.from({ length: 200 }, (_, r) => `"@@i18n:[""x.${i}.${r} {a, plural, one {#}}""]","{n${r}, select, a {b}}",bad-${r}`);
      const up = await upload(client, ['first_name,last_name,email', ...rows].join('\n'), `f${i}.csv`);
      expect(up.status).toBe(303);
      expect((await client.get(up.location!)).status).toBe(200);
    }
    // Only the catalogs' own messages are ever compiled, however many such cells were shown.
    expect(compiledMessageCount()).toBeLessThanOrEqual(before + 50);
    console.log(`40 hostile imports: compiled messages ${before} → ${compiledMessageCount()}, heap ${Math.round(heapBefore / 1e6)} → ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`);
  });
});
