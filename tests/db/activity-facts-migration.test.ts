import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../server/db/connection';
import { migrations } from '../../server/db/migrations';
import { kindOf } from '../../shared/activity-kinds';

/**
 * Migration 280001 reads the English sentences older versions stored back into facts. Each row
 * below is written exactly as that version wrote it (its description and properties).
 */
const LEGACY: { event: string; subject_type: string; subject_label?: string; description: string; properties?: object; expect: { event?: string; facts: object } | 'kept' }[] = [
  { event: 'created', subject_type: 'board_user', subject_label: 'Ada Lovelace', description: 'Created board user Ada Lovelace', expect: { facts: {} } },
  { event: 'passkey_added', subject_type: 'user', description: 'Eve added the passkey “My “work” key”', expect: { facts: { passkey: 'My “work” key' } } },
  {
    event: 'role_changed',
    subject_type: 'user',
    subject_label: 'Vic Viewer',
    description: "Adam changed Vic Viewer's role from viewer to editor",
    properties: { old: { role: 'viewer' }, attributes: { role: 'editor' } },
    expect: { facts: { member: 'Vic Viewer', from: 'viewer', to: 'editor' } },
  },
  {
    event: 'member_removed',
    subject_type: 'user',
    description: 'Vic left Northwind',
    properties: { old: { role: 'viewer' }, attributes: { left: true } },
    expect: { event: 'member_left', facts: { organization: 'Northwind' } },
  },
  {
    event: 'updated',
    subject_type: 'organization',
    description: 'Turned off the public page of Northwind',
    properties: { old: { public_page_enabled: true }, attributes: { public_page_enabled: false } },
    expect: { event: 'public_page_turned_off', facts: {} },
  },
  {
    event: 'updated',
    subject_type: 'organization',
    description: 'Required two-factor sign-in for members of Northwind',
    properties: { attributes: { require_two_factor: true } },
    expect: { event: 'two_factor_required', facts: {} },
  },
  { event: 'settings_updated', subject_type: 'user', description: 'Changed language settings', properties: { attributes: { locale: 'de' } }, expect: { facts: { settings: 'language' } } },
  { event: 'trial_started', subject_type: 'subscription', description: 'A 14-day trial of the Team plan started', expect: { facts: { to: 'team', days: 14 } } },
  {
    event: 'canceled',
    subject_type: 'subscription',
    description: 'Canceled the Business subscription; it stays available until 2026-12-24',
    properties: { attributes: { ends_at: '2026-12-24T10:00:00.000Z' } },
    expect: { facts: { plan: 'business', until: '2026-12-24T10:00:00.000Z' } },
  },
  {
    event: 'ended',
    subject_type: 'subscription',
    description: 'The Team subscription ended after 14 days unpaid; the organization is now on the Free plan',
    expect: { facts: { plan: 'team', cause: 'unpaid', days: 14 } },
  },
  {
    event: 'payment_failed',
    subject_type: 'subscription',
    description: 'The payment for the Team plan was declined (card declined); the subscription is past due',
    expect: { facts: { plan: 'team', reason: 'card declined' } },
  },
  {
    event: 'browser_session_ended',
    subject_type: 'user',
    description: 'Eve signed out Firefox on Linux (203.0.113.9)',
    expect: { facts: { browser: 'Firefox', platform: 'Linux', ip: '203.0.113.9' } },
  },
  {
    event: 'invitation_sent',
    subject_type: 'invitation',
    description: 'Adam invited a@b.test as editor',
    properties: { attributes: { email: 'a@b.test', role: 'editor' } },
    expect: { facts: { email: 'a@b.test', role: 'editor' } },
  },
  {
    event: 'imported',
    subject_type: 'board_user_import',
    description: 'Imported board users from p.csv: …',
    properties: { attributes: { file: 'p.csv', created: 2, updated: 1, skipped: 0, failed: 3, status: 'stopped' } },
    expect: { facts: { file: 'p.csv', created: 2, updated: 1, skipped: 0, failed: 3, stopped: true } },
  },
  {
    event: 'bulk_updated',
    subject_type: 'board_user',
    description: 'Tagged 2 board users “x”',
    properties: { ids: [1, 2], attributes: { action: 'add_tag', tag: 'x' } },
    expect: { facts: { count: 2, action: 'add_tag', status: null, tag: 'x' } },
  },
  { event: 'shared', subject_type: 'insight', description: 'Created a new public link for insight “Q3”', properties: { reshared: true }, expect: { facts: { renewed: true } } },
  // Written by hand or by a version this migration does not know: the sentence stays.
  { event: 'passkey_added', subject_type: 'user', description: 'Something unexpected', expect: 'kept' },
  { event: 'teleported', subject_type: 'board_user', description: 'A kind no version wrote', expect: 'kept' },
];

describe('migration 280001: activity sentences read back into facts', () => {
  let handle: DatabaseHandle;
  let db: Kysely<any>;
  const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });

  beforeAll(async () => {
    handle = createDatabase({ pgliteDir: 'memory' });
    db = handle.db as Kysely<any>;
    const { error } = await migrator().migrateTo('2026_11_27_240301_folded_names');
    if (error) throw error;
    await db
      .insertInto('activity_logs')
      .values(
        LEGACY.map((l) => ({
          organization_id: null,
          event: l.event,
          subject_type: l.subject_type,
          subject_id: 1,
          subject_label: l.subject_label ?? null,
          description: l.description,
          properties: JSON.stringify(l.properties ?? {}),
        })),
      )
      .execute();
    const { error: upError } = await migrator().migrateToLatest();
    if (upError) throw upError;
  });
  afterAll(() => handle.close());

  it('stores each sentence as its event and facts, and keeps what it cannot read', async () => {
    const rows = await db.selectFrom('activity_logs').select(['event', 'subject_type', 'facts', 'description']).orderBy('id').execute();
    expect(rows).toHaveLength(LEGACY.length);
    rows.forEach((row, i) => {
      const legacy = LEGACY[i];
      if (legacy.expect === 'kept') {
        expect(row, legacy.description).toMatchObject({ description: legacy.description, facts: {} });
        return;
      }
      expect(row, legacy.description).toEqual({ event: legacy.expect.event ?? legacy.event, subject_type: legacy.subject_type, facts: legacy.expect.facts, description: null });
      expect(kindOf(row), `${row.subject_type}.${row.event} is a declared kind`).not.toBeNull();
    });
  });
});
