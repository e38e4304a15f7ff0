import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Activity entries stored an English sentence. They now store facts (`facts`) and the sentence is
// built in the reader's language. Existing rows are read back into facts: from their properties
// where those hold them, else from the sentence this app wrote. A row that cannot be read keeps
// its sentence (`description`), shown as written.

type Facts = Record<string, string | number | boolean | null>;
interface Row {
  id: number;
  event: string;
  subject_type: string | null;
  subject_label: string | null;
  description: string | null;
  properties: unknown;
}
interface Converted {
  event?: string;
  facts: Facts;
}

const FACTLESS = new Set([
  'user.signed_in',
  'user.updated',
  'user.password_changed',
  'user.password_reset',
  'user.two_factor_enabled',
  'user.two_factor_disabled',
  'user.recovery_codes_regenerated',
  'user.recovery_code_used',
  'organization.created',
  'organization.deleted',
  'board_user.created',
  'board_user.updated',
  'board_user.deleted',
  'board_user.restored',
  'insight.created',
  'insight.updated',
  'insight.deleted',
  'insight.restored',
  'insight.published',
  'insight.archived',
  'insight.unshared',
]);

const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v) || 0);
const plan = (name: string | undefined | null): string | null => (name ? name.toLowerCase() : null);

/** Facts for one row, or null when it cannot be read (it keeps its sentence). */
function convert(row: Row): Converted | null {
  const kind = `${row.subject_type ?? ''}.${row.event}`;
  if (FACTLESS.has(kind)) return { facts: {} };
  const props = record(typeof row.properties === 'string' ? JSON.parse(row.properties) : row.properties);
  const old = record(props.old);
  const attributes = record(props.attributes);
  const text = row.description ?? '';
  const match = (pattern: RegExp) => pattern.exec(text);
  switch (kind) {
    case 'user.passkey_added':
    case 'user.passkey_renamed':
    case 'user.passkey_removed': {
      const m = match(/“(.*)”$/);
      return m ? { facts: { passkey: m[1] } } : null;
    }
    case 'user.settings_updated': {
      const keys = Object.keys(attributes);
      return { facts: { settings: keys.length > 1 ? 'both' : keys[0] === 'locale' ? 'language' : 'time_zone' } };
    }
    case 'user.browser_session_ended': {
      const m = match(/ signed out (.*?)(?: on (.*))? \((.*)\)$/);
      const unknown = m?.[1] === 'An unknown browser';
      return m ? { facts: { browser: unknown ? null : m[1], platform: m[2] ?? null, ip: m[3] === 'unknown IP' ? null : m[3] } } : null;
    }
    case 'user.other_browser_sessions_ended': {
      const m = match(/ signed out (\d+) other /);
      return m ? { facts: { count: Number(m[1]) } } : null;
    }
    case 'user.role_changed': {
      const m = match(/^.* changed (.*)'s role from \w+ to \w+$/);
      const member = row.subject_label ?? m?.[1] ?? null;
      return member && str(old.role) && str(attributes.role) ? { facts: { member, from: str(old.role), to: str(attributes.role) } } : null;
    }
    case 'user.member_removed': {
      if (attributes.left === true) {
        const m = match(/^.* left (.*)$/);
        return m ? { event: 'member_left', facts: { organization: m[1] } } : null;
      }
      const m = match(/^.* removed (.*) from (.*)$/);
      return m ? { facts: { member: row.subject_label ?? m[1], organization: m[2] } } : null;
    }
    case 'user.member_added': {
      const m = match(/^.* joined (.*) as \w+$/);
      return m && str(attributes.role) ? { facts: { organization: m[1], role: str(attributes.role) } } : null;
    }
    case 'user.ownership_transferred': {
      const m = match(/ transferred ownership of (.*) to (.*)$/);
      return m ? { facts: { organization: m[1], member: m[2] } } : null;
    }
    case 'organization.updated':
      if ('public_page_enabled' in attributes) return { event: attributes.public_page_enabled ? 'public_page_turned_on' : 'public_page_turned_off', facts: {} };
      if ('require_two_factor' in attributes) return { event: attributes.require_two_factor ? 'two_factor_required' : 'two_factor_no_longer_required', facts: {} };
      return { facts: {} };
    case 'subscription.trial_started': {
      const m = match(/^A (\d+)-day trial of the (\w+) plan/);
      return m ? { facts: { to: plan(m[2]), days: Number(m[1]) } } : null;
    }
    case 'subscription.plan_changed': {
      const m = match(/^Changed the plan from (\w+) to (\w+)$/);
      const from = str(old.plan) ?? plan(m?.[1]);
      const to = str(attributes.plan) ?? plan(m?.[2]);
      return from && to ? { facts: { plan: from, to } } : null;
    }
    case 'subscription.canceled': {
      const m = match(/^Canceled the (\w+) subscription; it stays available until (\S+)$/);
      return m ? { facts: { plan: plan(m[1]), until: str(attributes.ends_at) ?? m[2] } } : null;
    }
    case 'subscription.resumed': {
      const m = match(/^Resumed the (\w+) subscription$/);
      return m ? { facts: { plan: plan(m[1]) } } : null;
    }
    case 'subscription.trial_ended': {
      const m = match(/^The (\w+) trial ended/);
      return m ? { facts: { plan: plan(m[1]) } } : null;
    }
    case 'subscription.ended': {
      const unpaid = match(/^The (\w+) subscription ended after (\d+) days unpaid/);
      if (unpaid) return { facts: { plan: plan(unpaid[1]), cause: 'unpaid', days: Number(unpaid[2]) } };
      const m = match(/^The canceled (\w+) subscription ended/);
      return m ? { facts: { plan: plan(m[1]), cause: 'canceled' } } : null;
    }
    case 'subscription.payment_failed': {
      const m = match(/^The payment for the (\w+) plan was declined \((.*)\)/);
      return m ? { facts: { plan: plan(m[1]), reason: m[2] } } : null;
    }
    case 'subscription.payment_recovered': {
      const m = match(/^The overdue payment for the (\w+) plan/);
      return m ? { facts: { plan: plan(m[1]) } } : null;
    }
    case 'subscription.renewed': {
      const m = match(/^The (\w+) subscription renewed until (\S+)$/);
      return m ? { facts: { plan: plan(m[1]), until: str(attributes.current_period_end) ?? m[2] } } : null;
    }
    case 'invitation.invitation_sent': {
      const email = str(attributes.email);
      return email && str(attributes.role) ? { facts: { email, role: str(attributes.role) } } : null;
    }
    case 'invitation.invitation_resent':
    case 'invitation.invitation_revoked': {
      const m = match(/ the invitation to (.*)$/);
      const email = str(attributes.email) ?? m?.[1] ?? null;
      return email ? { facts: { email } } : null;
    }
    case 'board_user_import.imported':
      return str(attributes.file)
        ? {
            facts: {
              file: str(attributes.file),
              created: num(attributes.created),
              updated: num(attributes.updated),
              skipped: num(attributes.skipped),
              failed: num(attributes.failed),
              stopped: attributes.status === 'stopped',
            },
          }
        : null;
    case 'board_user.bulk_updated':
    case 'board_user.bulk_deleted':
    case 'board_user.bulk_restored':
    case 'insight.bulk_published':
    case 'insight.bulk_archived':
    case 'insight.bulk_deleted':
    case 'insight.bulk_restored': {
      if (!Array.isArray(props.ids)) return null;
      const facts: Facts = { count: props.ids.length };
      if (kind === 'board_user.bulk_updated') {
        facts.action = str(attributes.action);
        facts.status = str(attributes.status);
        facts.tag = str(attributes.tag);
      }
      return { facts };
    }
    case 'insight.shared':
      return { facts: { renewed: props.reshared === true } };
    default:
      return null;
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('activity_logs')
    .addColumn('facts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .alterTable('activity_logs')
    .alterColumn('description', (c) => c.dropNotNull())
    .execute();

  let after = 0;
  for (;;) {
    const rows: Row[] = await db
      .selectFrom('activity_logs')
      .select(['id', 'event', 'subject_type', 'subject_label', 'description', 'properties'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const converted = convert(row);
      if (!converted) continue;
      await db
        .updateTable('activity_logs')
        .set({ facts: JSON.stringify(converted.facts), description: null, ...(converted.event ? { event: converted.event } : {}) })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows[rows.length - 1].id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // The sentences are not written back: entries without one are described from their facts only by this version.
  await db.updateTable('activity_logs').set({ description: sql`event` }).where('description', 'is', null).execute();
  await db.schema
    .alterTable('activity_logs')
    .alterColumn('description', (c) => c.setNotNull())
    .execute();
  await db.schema.alterTable('activity_logs').dropColumn('facts').execute();
}
