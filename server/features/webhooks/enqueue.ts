import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/types';
import type { ActivityRow, Actor } from '../../lib/unit-of-work';
import { isWebhookEvent } from '../../../shared/webhook-events';
import { endpointsWanting, insertDeliveries } from './repository';

/** Standard Webhooks' message id: the same on every retry, so receivers can deduplicate. */
export const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

/** The body receivers get for an activity entry. */
export function eventPayload(row: ActivityRow, actor: Actor, causerName: string | null) {
  const causer = actor.token
    ? { type: 'api_token', id: actor.token.id, name: actor.token.name }
    : row.causer_id !== null
      ? { type: 'user', id: row.causer_id, name: causerName }
      : { type: 'system', id: null, name: null };
  return {
    type: `${row.subject_type}.${row.event}`,
    timestamp: row.created_at.toISOString(),
    data: { id: row.id, subject_type: row.subject_type, subject_id: row.subject_id, subject_name: row.subject_label, facts: row.facts, causer },
  };
}

/**
 * Called by the activity log for every entry it writes, in the same transaction: one delivery per
 * enabled endpoint of the organisation that wants this kind. A rollback takes them back too.
 */
export async function enqueueWebhooks(db: Db, row: ActivityRow, actor: Actor, causerName: string | null): Promise<void> {
  if (row.organization_id === null || !row.subject_type) return;
  const kind = `${row.subject_type}.${row.event}`;
  if (!isWebhookEvent(kind)) return;
  const endpoints = await endpointsWanting(db, row.organization_id, kind);
  if (endpoints.length === 0) return;
  const payload = eventPayload(row, actor, causerName);
  await insertDeliveries(
    db,
    endpoints.map((e) => ({
      endpoint_id: e.id,
      organization_id: row.organization_id as number,
      message_id: newMessageId(),
      event_type: kind,
      payload: JSON.stringify(payload),
      next_attempt_at: row.created_at,
      created_at: row.created_at,
    })),
  );
}
