import type { AppContext } from '../../context';
import { orFail } from '../../errors';
import { msg } from '../../i18n/message';
import { newWebhookSecret } from '../../lib/standard-webhooks';
import { diff, inTransaction } from '../../lib/unit-of-work';
import { fail } from '../../lib/validation';
import type { ActingIn } from '../../tenancy/acting';
import { WEBHOOK_TEST_EVENT } from '../../../shared/webhook-events';
import { newMessageId } from './enqueue';
import * as repo from './repository';
import type { EndpointInput, UpdateEndpointInput } from './schema';
import { openSecret, sealSecret } from './secrets';
import { urlRefusal } from './url-policy';
import { webhookWorker } from './worker';

/** At most this many endpoints per organisation. */
export const MAX_ENDPOINTS = 20;
/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

async function checkUrl(ctx: AppContext, url: string): Promise<void> {
  const refusal = await urlRefusal(ctx.config, url);
  if (refusal) fail('url', refusal);
}

/** The endpoint of the acting organisation, or 404. */
export const findEndpoint = async (ctx: AppContext, acting: ActingIn, id: number) => orFail(await repo.findEndpoint(ctx.db, acting.organization.id, id));

export const listEndpoints = (ctx: AppContext, acting: ActingIn) => repo.listEndpoints(ctx.db, acting.organization.id);

/** The endpoint with its secrets in the clear (admins need them to verify) and its delivery log. */
export async function endpointDetails(ctx: AppContext, acting: ActingIn, id: number) {
  const endpoint = orFail(await repo.findEndpoint(ctx.db, acting.organization.id, id));
  const now = ctx.clock.now();
  const previousLive = endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > now;
  return {
    endpoint: {
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      enabled: endpoint.enabled,
      disabled_reason: endpoint.disabled_reason,
      failing_since: endpoint.failing_since,
      created_at: endpoint.created_at,
      secret: openSecret(ctx, endpoint.secret) ?? '',
      previous_secret_expires_at: previousLive ? endpoint.previous_secret_expires_at : null,
    },
    deliveries: await repo.deliveryLog(ctx.db, endpoint.id),
  };
}

export async function createEndpoint(ctx: AppContext, acting: ActingIn, input: EndpointInput) {
  await checkUrl(ctx, input.url);
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    if ((await repo.countEndpoints(uow.db, org.id)) >= MAX_ENDPOINTS) fail('url', msg('validation.webhooks.tooMany', { max: MAX_ENDPOINTS }));
    const now = ctx.clock.now();
    const endpoint = await repo.insertEndpoint(uow.db, {
      organization_id: org.id,
      url: input.url,
      description: input.description ?? null,
      events: JSON.stringify(input.events),
      secret: sealSecret(ctx, newWebhookSecret()),
      created_by: acting.user.id,
      created_at: now,
      updated_at: now,
    });
    await uow.log({
      organization_id: org.id,
      kind: 'webhook.created',
      subject_id: endpoint.id,
      subject_label: endpoint.url,
      properties: { attributes: { url: endpoint.url, description: endpoint.description, events: input.events } },
    });
    return endpoint;
  });
}

export async function updateEndpoint(ctx: AppContext, acting: ActingIn, id: number, input: UpdateEndpointInput) {
  const org = acting.organization;
  const existing = orFail(await repo.findEndpoint(ctx.db, org.id, id));
  if (input.url !== existing.url) await checkUrl(ctx, input.url);
  await inTransaction(ctx, acting, async (uow) => {
    const before = orFail(await repo.findEndpoint(uow.db, org.id, id, true));
    const changes = diff({ url: before.url, description: before.description, events: before.events, enabled: before.enabled }, input, ['url', 'description', 'events', 'enabled']);
    if (!changes.changed) return;
    const reenabled = input.enabled && !before.enabled;
    await repo.updateEndpoint(uow.db, id, {
      url: input.url,
      description: input.description ?? null,
      events: JSON.stringify(input.events),
      enabled: input.enabled,
      disabled_reason: input.enabled ? null : before.enabled ? 'manual' : before.disabled_reason,
      failing_since: reenabled ? null : before.failing_since,
      updated_at: ctx.clock.now(),
    });
    await uow.log({ organization_id: org.id, kind: 'webhook.updated', subject_id: id, subject_label: input.url, properties: { old: changes.old, attributes: changes.attributes } });
  });
}

export async function deleteEndpoint(ctx: AppContext, acting: ActingIn, id: number) {
  const org = acting.organization;
  await inTransaction(ctx, acting, async (uow) => {
    const endpoint = orFail(await repo.findEndpoint(uow.db, org.id, id, true));
    await repo.deleteEndpoint(uow.db, id);
    await uow.log({ organization_id: org.id, kind: 'webhook.deleted', subject_id: id, subject_label: endpoint.url, properties: { old: { url: endpoint.url } } });
  });
}

/** A new secret; the one it replaces keeps signing alongside for 24 hours. Never logged. */
export async function rotateSecret(ctx: AppContext, acting: ActingIn, id: number) {
  const org = acting.organization;
  await inTransaction(ctx, acting, async (uow) => {
    const endpoint = orFail(await repo.findEndpoint(uow.db, org.id, id, true));
    const now = ctx.clock.now();
    await repo.updateEndpoint(uow.db, id, {
      secret: sealSecret(ctx, newWebhookSecret()),
      previous_secret: endpoint.secret,
      previous_secret_expires_at: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      updated_at: now,
    });
    await uow.log({ organization_id: org.id, kind: 'webhook.secret_rotated', subject_id: id, subject_label: endpoint.url });
  });
}

/** Queues a `webhook.test` message for this endpoint and wakes the worker. */
export async function sendTestEvent(ctx: AppContext, acting: ActingIn, id: number) {
  const org = acting.organization;
  const endpoint = orFail(await repo.findEndpoint(ctx.db, org.id, id));
  const now = ctx.clock.now();
  await repo.insertDeliveries(ctx.db, [
    {
      endpoint_id: endpoint.id,
      organization_id: org.id,
      message_id: newMessageId(),
      event_type: WEBHOOK_TEST_EVENT,
      payload: JSON.stringify({
        type: WEBHOOK_TEST_EVENT,
        timestamp: now.toISOString(),
        data: { endpoint_id: endpoint.id, organization_id: org.id, causer: { type: 'user', id: acting.user.id, name: acting.user.name } },
      }),
      next_attempt_at: now,
      created_at: now,
    },
  ]);
  webhookWorker(ctx).poke();
  return endpoint;
}
