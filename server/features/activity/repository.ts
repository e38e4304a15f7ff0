import { sql, type Expression, type Insertable, type RawBuilder } from 'kysely';
import type { ActivityLogsTable, ActivityProperties, Db } from '../../db/types';
import { containsPattern } from '../../db/like';
import { defineListQuery } from '../../db/list-query';
import { scoped } from '../../tenancy/repository';
import type { ActivityLogFilters } from './schema';

export type ActivityInput = Omit<Insertable<ActivityLogsTable>, 'properties' | 'facts'> & { properties?: ActivityProperties; facts?: Record<string, unknown> };

/**
 * The live name of an entry's subject: a board user's full name, an insight's title, a user's or
 * an organisation's name, an invitation's e-mail, a subscription's plan. Null when the subject is
 * gone (or of a type without a name). Records of other organisations never match.
 */
export function liveSubjectName(subjectType: Expression<string | null>, subjectId: Expression<number | null>, organizationId: Expression<number | null>): RawBuilder<string | null> {
  return sql<string | null>`case ${subjectType}
    when 'board_user' then (select concat_ws(' ', s.first_name, s.last_name) from board_users s where s.id = ${subjectId} and s.organization_id = ${organizationId})
    when 'insight' then (select s.title from insights s where s.id = ${subjectId} and s.organization_id = ${organizationId})
    when 'invitation' then (select s.email from invitations s where s.id = ${subjectId} and s.organization_id = ${organizationId})
    when 'subscription' then (select initcap(s.plan) || ' plan' from subscriptions s where s.id = ${subjectId} and s.organization_id = ${organizationId})
    when 'organization' then (select s.name from organizations s where s.id = ${subjectId})
    when 'user' then (select s.name from users s where s.id = ${subjectId})
    when 'member' then (select s.name from users s where s.id = ${subjectId})
  end`;
}

/**
 * Writes an entry. Its subject's name is kept with it (`subject_label`), read in the same
 * statement unless the caller knows it (a subject deleted by the same transaction).
 */
export async function insertActivity(db: Db, entry: ActivityInput) {
  const label =
    entry.subject_label !== undefined || !entry.subject_type || entry.subject_id === null || entry.subject_id === undefined
      ? (entry.subject_label ?? null)
      : sql<string | null>`left(${liveSubjectName(sql`${entry.subject_type}::text`, sql`${entry.subject_id}::int`, sql`${entry.organization_id ?? null}::int`)}, 255)`;
  return db
    .insertInto('activity_logs')
    .values({ ...entry, subject_label: label, properties: JSON.stringify(entry.properties ?? {}), facts: JSON.stringify(entry.facts ?? {}) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The subject's name as logged, else as it is now (entries written before names were kept). */
const subjectName = sql<string | null>`coalesce(activity_logs.subject_label, ${liveSubjectName(
  sql.ref('activity_logs.subject_type'),
  sql.ref('activity_logs.subject_id'),
  sql.ref('activity_logs.organization_id'),
)})`.as('subject_name');

export async function causerName(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}

/** The activity log's filters, with dates as calendar days in `timeZone` (both ends included). */
export interface LogQueryFilters extends ActivityLogFilters {
  timeZone: string;
}

/** Which of the log's filters are present: what changes the query's text. */
interface LogShape {
  causer: 'system' | 'user' | null;
  event: boolean;
  subjectType: boolean;
  from: boolean;
  to: boolean;
  search: boolean;
}

/** The filters' values, bound: the search already a LIKE pattern, the time zone a name. */
interface LogValues extends Record<string, unknown> {
  organizationId: number;
  causer: number | null;
  event: string | null;
  subjectType: string | null;
  from: string | null;
  to: string | null;
  timeZone: string;
  pattern: string | null;
}

const logShape = (filters: LogQueryFilters): LogShape => ({
  causer: filters.causer === 'system' ? 'system' : filters.causer !== null ? 'user' : null,
  event: !!filters.event,
  subjectType: !!filters.subject_type,
  from: !!filters.from,
  to: !!filters.to,
  search: !!filters.search,
});

const logValues = (organizationId: number, filters: LogQueryFilters): LogValues => ({
  organizationId,
  causer: typeof filters.causer === 'number' ? filters.causer : null,
  event: filters.event ?? null,
  subjectType: filters.subject_type ?? null,
  from: filters.from ?? null,
  to: filters.to ?? null,
  timeZone: filters.timeZone,
  pattern: filters.search ? containsPattern(filters.search) : null,
});

/** The organisation's log narrowed by the filters (no columns, no order yet). */
function filtered(db: Db, organizationId: number, filters: LogQueryFilters) {
  return narrowed(db, logShape(filters), logValues(organizationId, filters));
}

/** `filtered` from a shape and its values: the shape picks the conditions, the values are only bound. */
function narrowed(db: Db, shape: LogShape, v: LogValues) {
  let query = scoped(db, v.organizationId, 'activity_logs').leftJoin('users', 'users.id', 'activity_logs.causer_id');
  if (shape.causer === 'system') query = query.where('activity_logs.causer_id', 'is', null);
  else if (shape.causer === 'user') query = query.where('activity_logs.causer_id', '=', v.causer);
  if (shape.event) query = query.where('activity_logs.event', '=', v.event as string);
  if (shape.subjectType) query = query.where('activity_logs.subject_type', '=', v.subjectType);
  // Midnight of the day in the user's time zone, as an instant (the index on created_at still serves).
  if (shape.from) query = query.where('activity_logs.created_at', '>=', sql<Date>`(${v.from}::date)::timestamp at time zone ${v.timeZone}`);
  if (shape.to) query = query.where('activity_logs.created_at', '<', sql<Date>`(${v.to}::date + 1)::timestamp at time zone ${v.timeZone}`);
  // Entries store facts, not sentences: the search finds names, e-mails and file names (the
  // subject, who did it, the facts' values) without regard to case or accents.
  if (shape.search) {
    const searched = sql<string>`concat_ws(' ', activity_logs.subject_label, users.name, jsonb_path_query_array(activity_logs.facts, '$.*')::text, activity_logs.description)`;
    query = query.where(sql<boolean>`fold_text(${searched}) like fold_text(${v.pattern})`);
  }
  return query;
}

/** What `presentActivity` needs. */
const ENTRY_COLUMNS = [
  'activity_logs.id',
  'activity_logs.event',
  'activity_logs.subject_type',
  'activity_logs.subject_id',
  subjectName,
  'activity_logs.description',
  'activity_logs.facts',
  'activity_logs.causer_id',
  'users.name as causer_name',
  'activity_logs.created_at',
] as const;

const LOG_COLUMNS = [...ENTRY_COLUMNS, 'activity_logs.properties', 'activity_logs.ip'] as const;

/** The log's columns, newest first (the (organization_id, created_at desc, id desc) index). */
function listed(query: ReturnType<typeof narrowed>) {
  return query
    .select([...LOG_COLUMNS])
    .orderBy('activity_logs.created_at', 'desc')
    .orderBy('activity_logs.id', 'desc');
}

/** The log built afresh (no limit): what the export reads in batches and `activityLogList` pages through. */
export function logQuery(db: Db, organizationId: number, filters: LogQueryFilters) {
  return listed(filtered(db, organizationId, filters));
}

/** The log's page, on every visit: built once per combination of filters, every value bound (server/db/list-query.ts). */
export const activityLogList = defineListQuery({
  shapeOf: (f: LogQueryFilters & { organizationId: number }) => logShape(f),
  valuesOf: (f) => logValues(f.organizationId, f),
  build: (db, shape, v) => listed(narrowed(db, shape, v)),
});

export type LogRow = Awaited<ReturnType<ReturnType<typeof logQuery>['execute']>>[number];

/**
 * Every matching row, newest first, read in keyset batches: memory stays flat however long the
 * log. The key is created_at to the microsecond (as text: a JS Date keeps only milliseconds, so
 * rows written in the same millisecond would otherwise be skipped) and the id.
 */
export async function* exportRows(db: Db, organizationId: number, filters: LogQueryFilters, batchSize = 1000): AsyncGenerator<LogRow> {
  let after: { at: string; id: number } | null = null;
  for (;;) {
    let query = logQuery(db, organizationId, filters).select(sql<string>`to_char(activity_logs.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('__at'));
    if (after) query = query.where(sql<boolean>`(activity_logs.created_at, activity_logs.id) < (${after.at}::timestamptz, ${after.id})`);
    const rows = await query.limit(batchSize).execute();
    for (const { __at: _at, ...row } of rows) yield row;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { at: last.__at, id: last.id };
  }
}

/** What the filters offer: who, which events and which subject types appear in the log. */
export async function filterOptions(db: Db, organizationId: number) {
  const [causers, system, events, subjectTypes] = await Promise.all([
    db
      .selectFrom('users')
      .select(['users.id', 'users.name'])
      .where('users.id', 'in', scoped(db, organizationId, 'activity_logs').select('activity_logs.causer_id').where('activity_logs.causer_id', 'is not', null))
      .orderBy('users.name')
      .orderBy('users.id')
      .execute(),
    scoped(db, organizationId, 'activity_logs').select('activity_logs.id').where('activity_logs.causer_id', 'is', null).limit(1).executeTakeFirst(),
    scoped(db, organizationId, 'activity_logs').select('activity_logs.event').distinct().orderBy('activity_logs.event').execute(),
    scoped(db, organizationId, 'activity_logs').select('activity_logs.subject_type').distinct().where('activity_logs.subject_type', 'is not', null).orderBy('activity_logs.subject_type').execute(),
  ]);
  return {
    causers,
    system: system !== undefined,
    events: events.map((r) => r.event),
    subjectTypes: subjectTypes.map((r) => r.subject_type as string),
  };
}

/**
 * Deletes at most `limit` entries (of any organisation, and account-level ones) written before
 * `cutoff`, oldest first; answers how many. Small batches keep each lock short.
 */
export async function deleteOlderThan(db: Db, cutoff: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('activity_logs')
    .where('id', 'in', (eb) => eb.selectFrom('activity_logs').select('id').where('created_at', '<', cutoff).orderBy('created_at').orderBy('id').limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Entries that record no change to the organisation's records: the dashboard leaves them out (the
 * activity log keeps them). Mirrored for live entries in resources/js/lib/activityLabels.ts.
 */
export const NOT_A_CHANGE = ['signed_in'] as const;

/** The organisation's latest changes, with who made them (the dashboard's list). */
export function recentActivity(db: Db, organizationId: number, limit: number) {
  return scoped(db, organizationId, 'activity_logs')
    .leftJoin('users', 'users.id', 'activity_logs.causer_id')
    .select([...ENTRY_COLUMNS])
    .where('activity_logs.event', 'not in', [...NOT_A_CHANGE])
    .orderBy('activity_logs.created_at', 'desc')
    .orderBy('activity_logs.id', 'desc')
    .limit(limit)
    .execute();
}
