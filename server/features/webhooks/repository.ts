import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/types';

/** All SQL of the outgoing webhooks: endpoints (per organisation), deliveries and their attempts. */

export type WebhookEndpoint = Selectable<WebhookEndpointsTable>;
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;

/** An organisation's endpoints, newest first, with how many deliveries wait. */
export function listEndpoints(db: Db, organizationId: number) {
  return db
    .selectFrom('webhook_endpoints as e')
    .select(['e.id', 'e.url', 'e.description', 'e.events', 'e.enabled', 'e.disabled_reason', 'e.failing_since', 'e.created_at'])
    .select((eb) => eb.selectFrom('webhook_deliveries as d').select(sql<number>`count(*)::int`.as('n')).whereRef('d.endpoint_id', '=', 'e.id').where('d.status', '=', 'pending').as('pending'))
    .where('e.organization_id', '=', organizationId)
    .orderBy('e.id', 'desc')
    .execute();
}

export function countEndpoints(db: Db, organizationId: number): Promise<number> {
  return db
    .selectFrom('webhook_endpoints')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow()
    .then((r) => r.n);
}

/** One endpoint of this organisation (another organisation's id finds nothing). */
export function findEndpoint(db: Db, organizationId: number, id: number, lock = false): Promise<WebhookEndpoint | undefined> {
  let q = db.selectFrom('webhook_endpoints').selectAll().where('organization_id', '=', organizationId).where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertEndpoint(db: Db, values: Insertable<WebhookEndpointsTable>): Promise<WebhookEndpoint> {
  return db.insertInto('webhook_endpoints').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateEndpoint(db: Db, id: number, values: Updateable<WebhookEndpointsTable>): Promise<void> {
  await db.updateTable('webhook_endpoints').set(values).where('id', '=', id).execute();
}

export async function deleteEndpoint(db: Db, id: number): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** The endpoint's latest deliveries with their attempts (the delivery log). */
export async function deliveryLog(db: Db, endpointId: number, limit = 50) {
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'message_id', 'event_type', 'status', 'attempts', 'next_attempt_at', 'created_at', 'completed_at'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const ids = deliveries.map((d) => d.id);
  const attempts = ids.length
    ? await db.selectFrom('webhook_attempts').select(['delivery_id', 'attempted_at', 'response_status', 'duration_ms', 'error']).where('delivery_id', 'in', ids).orderBy('id').execute()
    : [];
  return deliveries.map((d) => ({ ...d, tries: attempts.filter((a) => a.delivery_id === d.id) }));
}

// ---------------------------------------------------------------- the outbox

/** The enabled endpoints of an organisation that want `kind`. */
export function endpointsWanting(db: Db, organizationId: number, kind: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('enabled', '=', true)
    .where(sql<boolean>`events @> ${JSON.stringify([kind])}::jsonb`)
    .execute();
}

export async function insertDeliveries(db: Db, rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('webhook_deliveries').values(rows).execute();
}

/**
 * Per enabled endpoint, its oldest pending delivery if it is due (or never tried): deliveries of one endpoint go
 * out one at a time, in the order they were written.
 */
export function headsOfQueues(db: Db, now: Date, limit: number) {
  return (
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
          .distinctOn('d.endpoint_id')
          .select(['d.id', 'd.endpoint_id', 'd.next_attempt_at', 'd.attempts'])
          .where('d.status', '=', 'pending')
          .where('e.enabled', '=', true)
          .orderBy('d.endpoint_id')
          .orderBy('d.id')
          .as('heads'),
      )
      .select(['heads.id', 'heads.next_attempt_at'])
      // A delivery never tried is due at once (its time is the database's, the worker's may differ).
      .where((eb) => eb.or([eb('heads.next_attempt_at', '<=', now), eb('heads.attempts', '=', 0)]))
      .orderBy('heads.next_attempt_at')
      .limit(limit)
      .execute()
  );
}

/**
 * Takes a due delivery until `leaseUntil` and counts the attempt (another worker that read it too
 * finds it taken; a worker that dies mid-send leaves it to be retried when the lease ends).
 */
export function claimDelivery(db: Db, id: string, seenDueAt: Date, leaseUntil: Date) {
  return db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', seenDueAt)
    .returningAll()
    .executeTakeFirst();
}

export function endpointById(db: Db, id: number) {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAttempt(
  db: Db,
  attempt: { delivery_id: string; attempted_at: Date; response_status: number | null; duration_ms: number; error: string | null; response_excerpt: string | null },
) {
  await db.insertInto('webhook_attempts').values(attempt).execute();
}

export async function finishDelivery(db: Db, id: string, status: 'succeeded' | 'failed', attempts: number, now: Date) {
  await db.updateTable('webhook_deliveries').set({ status, attempts, completed_at: now }).where('id', '=', id).execute();
}

export async function retryDelivery(db: Db, id: string, attempts: number, at: Date) {
  await db.updateTable('webhook_deliveries').set({ attempts, next_attempt_at: at }).where('id', '=', id).execute();
}

/** The organisation's admins and owners, who hear when an endpoint is turned off. */
export function adminsOf(db: Db, organizationId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.name', 'u.email', 'u.locale'])
    .where('m.organization_id', '=', organizationId)
    .where('m.role', 'in', ['admin', 'owner'])
    .execute();
}

/** Deliveries (and, by cascade, their attempts) written before `before`. */
export async function pruneDeliveries(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('webhook_deliveries').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
