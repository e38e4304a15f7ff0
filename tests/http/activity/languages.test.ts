import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../server/db/types';
import { createTestApp, type TestApp } from '../../helpers/app';
import { TestClient } from '../../helpers/client';
import { actingAs, addMember, createOrganization, createUser } from '../../helpers/factories';
import { uploadImport } from '../../helpers/import-upload';

/**
 * Issue #24 item 2: entries store facts; the activity log, its CSV, the board-user and insight
 * exports are written in the reader's language; imports read the headers of every language.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** English sentence openings of every kind (the en-US catalog): none may reach a German or French reader. */
const ENGLISH = /\b(Created|Updated|Deleted|Restored|Changed|Turned|Shared|Signed|Invited|Imported|Published|Archived|Tagged|Set the status)\b/;

async function setup() {
  const owner = await createUser(app, { name: 'Olivia Owner' });
  const viewer = await createUser(app, { name: 'Vic Viewer' });
  const org = await createOrganization(app, owner, { name: 'Fondation Île-de-France', plan: 'business' });
  await addMember(app, org.id, viewer, 'viewer');
  const client = await actingAs(app, new TestClient(app.url), owner, org.id);
  const asUser = async (user: User, locale: string) => {
    await app.ctx.db.updateTable('users').set({ locale }).where('id', '=', user.id).execute();
    return actingAs(app, new TestClient(app.url), user, org.id);
  };
  // Real writes of several kinds, each through its form.
  expect((await client.post('/board-users', { first_name: 'Ada', last_name: 'Lovelace', status: 'active', tags: [] }, { inertia: true })).status).toBe(303);
  const ada = await app.ctx.db.selectFrom('board_users').select('id').where('organization_id', '=', org.id).executeTakeFirstOrThrow();
  expect((await client.post('/board-users/bulk', { action: 'status', status: 'inactive', ids: [ada.id] }, { inertia: true })).status).toBe(303);
  expect((await client.put(`/users/${viewer.id}`, { role: 'editor' }, { inertia: true })).status).toBe(303);
  return { org, owner, viewer, ada, client, asUser };
}

describe('activity in the reader’s language', () => {
  it('stores facts, not sentences, and sends facts live', async () => {
    app.broadcasts.published.length = 0;
    const s = await setup();
    const rows = await app.ctx.db.selectFrom('activity_logs').select(['event', 'subject_type', 'facts', 'description']).where('organization_id', '=', s.org.id).orderBy('id').execute();
    expect(rows.every((r) => r.description === null)).toBe(true);
    expect(rows).toEqual(
      expect.arrayContaining([
        { event: 'created', subject_type: 'board_user', facts: {}, description: null },
        { event: 'bulk_updated', subject_type: 'board_user', facts: { count: 1, action: 'status', status: 'inactive' }, description: null },
        { event: 'role_changed', subject_type: 'user', facts: { member: 'Vic Viewer', from: 'viewer', to: 'editor' }, description: null },
      ]),
    );
    const live = app.broadcasts.published.filter((m) => m.event === 'ActivityLogged').map((m) => m.data as { facts: object; description: string | null });
    expect(live.length).toBeGreaterThanOrEqual(3);
    for (const entry of live) {
      expect(entry.description).toBeNull();
      expect(entry.facts).toBeTypeOf('object');
    }
  });

  it('writes the activity CSV in German and in French: headers, events and sentences, no English', async () => {
    const s = await setup();
    const expected = {
      de: {
        header: 'Datum (UTC),Wer,Ereignis,Objekttyp,Objekt-ID,Objekt,Beschreibung,Änderungen',
        sentences: ['Hat die Rolle von Vic Viewer von Betrachter zu Bearbeiter geändert', 'Hat den Status von 1 Gremienmitglied auf inaktiv gesetzt', 'Hat das Gremienmitglied Ada Lovelace angelegt'],
      },
      fr: {
        header: 'Date (UTC),Qui,Événement,Type d’objet,ID de l’objet,Objet,Description,Modifications',
        sentences: ['A changé le rôle de Vic Viewer de Lecteur à Éditeur', 'A passé le statut de 1 membre du conseil à inactif', 'A créé le membre du conseil Ada Lovelace'],
      },
    } as const;
    for (const [locale, want] of Object.entries(expected)) {
      const reader = await s.asUser(s.owner, locale);
      const csv = (await reader.get(`/organizations/${s.org.id}/activity-logs/export`)).text.replace(/^\uFEFF/, '');
      const [header, ...lines] = csv.split('\r\n').filter(Boolean);
      expect(header, locale).toBe(want.header);
      for (const sentence of want.sentences) expect(csv, locale).toContain(sentence);
      for (const line of lines) expect(line.split(',').slice(1, 8).join(','), `${locale}: ${line}`).not.toMatch(ENGLISH);
    }
  });

  it('exports board users and insights with headers in the reader’s language; the export imports back in every language', async () => {
    const s = await setup();
    for (const [locale, header] of [
      ['de', 'ID,Vorname,Nachname,E-Mail,Telefon,Position,Gremium,Status,Tags,Beigetreten am,Amtsbeginn,Amtsende,Notizen,Angelegt am (UTC),Gelöscht am (UTC)'],
      ['fr', 'ID,Prénom,Nom,E-mail,Téléphone,Fonction,Conseil,Statut,Étiquettes,Arrivée le,Début du mandat,Fin du mandat,Notes,Créé le (UTC),Supprimé le (UTC)'],
      ['en-US', 'ID,First name,Last name,Email,Phone,Position,Board,Status,Tags,Joined on,Term started on,Term ends on,Notes,Created at (UTC),Deleted at (UTC)'],
    ] as const) {
      const reader = await s.asUser(s.owner, locale);
      const exported = (await reader.get('/board-users/export')).text.replace(/^\uFEFF/, '');
      expect(exported.split('\r\n')[0], locale).toBe(header);
      // The export's own headers map every field back, whatever the language of the importer.
      const importer = await s.asUser(s.viewer, locale === 'de' ? 'fr' : 'de');
      await app.ctx.db.updateTable('memberships').set({ role: 'admin' }).where('user_id', '=', s.viewer.id).execute();
      const upload = await uploadImport(importer, exported, `export-${locale}.csv`);
      expect(upload.status, locale).toBe(303);
      const imp = (await importer.get(upload.location!, { inertia: true })).page().props.import;
      expect(imp.mapping, locale).toEqual([
        '',
        'first_name',
        'last_name',
        'email',
        'phone',
        'position',
        'board_name',
        'status',
        'tags',
        'joined_on',
        'term_started_on',
        'term_ends_on',
        'notes',
        '',
        '',
      ]);
    }
    const german = await s.asUser(s.owner, 'de');
    expect((await german.post('/insights', { title: 'Q3', summary: 'S', body: 'B', category: 'finance', board_user_ids: [] }, { inertia: true })).status).toBe(303);
    const insight = await app.ctx.db.selectFrom('insights').select('id').where('organization_id', '=', s.org.id).executeTakeFirstOrThrow();
    const insights = (await german.post('/insights/bulk/export', { ids: [insight.id] }, { form: false })).text.replace(/^\uFEFF/, '');
    expect(insights.split('\r\n')[0]).toBe('ID,Titel,Zusammenfassung,Kategorie,Status,Geteilt,Aufrufe,Autor,Veröffentlicht am (UTC),Aktualisiert am (UTC),Gelöscht am (UTC)');
    expect(insights.split('\r\n')[1]).toContain(',nein,');
  });

  it('names subscription events, plans and the billing method in the page’s language, not in English props', async () => {
    const s = await setup();
    const german = await s.asUser(s.owner, 'de');
    const show = (await german.get('/subscription', { inertia: true })).page();
    expect(show.props.provider).toEqual({ name: 'manual' });
    const history = (await german.get('/subscription/history', { inertia: true })).page();
    for (const e of history.props.events.data) {
      expect(e).not.toHaveProperty('label');
      expect(['free', 'team', 'business', null]).toContain(e.to_plan);
    }
  });
});
