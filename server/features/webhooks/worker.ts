import type { AppContext } from '../../context';
import { msg } from '../../i18n/message';
import { webhookHeaders } from '../../lib/standard-webhooks';
import { inTransaction, systemActor } from '../../lib/unit-of-work';
import { mailLocale, renderMail } from '../../mail/template';
import { route } from '../../../shared/routes';
import * as repo from './repository';
import { signingSecrets } from './secrets';
import { postJson, type SendResult } from './send';
import { httpAllowed } from './url-policy';
import { PollingLoop } from '../../lib/polling-loop';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Waits before each retry (Standard Webhooks' suggested schedule); after the last, the delivery has failed. */
export const RETRY_DELAYS_MS = [5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
/** An endpoint failing this long without a success is turned off. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR;
/** Deliveries and their attempts are kept this long. */
export const KEEP_DELIVERIES_MS = 30 * 24 * HOUR;
const TIMEOUT_MS = 10_000;
/** A claimed delivery is left alone this long (well past the timeout) before another worker may take it. */
const LEASE_MS = 6 * TIMEOUT_MS;

/**
 * The webhook outbox's worker, beside the mail worker (same process, started and stopped with it):
 * each round takes, per endpoint, its oldest pending delivery if due, and sends it.
 */
export class WebhookWorker {
  readonly #loop: PollingLoop;

  constructor(
    private readonly ctx: AppContext,
    readonly timeoutMs = TIMEOUT_MS,
  ) {
    this.#loop = new PollingLoop({
      round: () => this.#round(),
      nextDelay: (sent) => (sent > 0 ? 0 : ctx.config.QUEUE_POLL_MS),
      pollMs: () => ctx.config.QUEUE_POLL_MS,
      logger: ctx.logger,
      failure: 'webhook worker: round failed',
    });
  }

  start(): void {
    this.#loop.start();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** Something was queued: send it now rather than at the next poll. */
  poke(): void {
    this.#loop.poke();
  }

  /** One round: sends each endpoint's due head of queue; the number sent. Rounds never overlap. */
  runOnce(): Promise<number> {
    return this.#loop.runOnce();
  }

  /** Rounds until nothing is due (retries waiting for later stay queued). */
  drain(): Promise<void> {
    return this.#loop.drain();
  }

  async #round(): Promise<number> {
    const { db, clock } = this.ctx;
    const heads = await repo.headsOfQueues(db, clock.now(), 20);
    let sent = 0;
    await Promise.all(
      heads.map(async (head) => {
        const claimed = await repo.claimDelivery(db, head.id, head.next_attempt_at, new Date(clock.now().getTime() + LEASE_MS));
        if (!claimed) return;
        sent++;
        await this.#deliver(claimed).catch((error) => this.ctx.logger.error({ err: error, delivery: claimed.id }, 'webhook worker: delivery failed'));
      }),
    );
    return sent;
  }

  async #deliver(delivery: repo.WebhookDelivery): Promise<void> {
    const { ctx } = this;
    const endpoint = await repo.endpointById(ctx.db, delivery.endpoint_id);
    if (!endpoint) return;
    const now = ctx.clock.now();
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(now.getTime() / 1000);
    const headers = webhookHeaders(signingSecrets(ctx, endpoint, now), delivery.message_id, timestamp, body);
    // Plain http only where it is allowed now (an endpoint saved before the setting changed, say).
    const result =
      new URL(endpoint.url).protocol === 'http:' && !httpAllowed(ctx.config)
        ? { status: null, durationMs: 0, error: 'refused: plain http is not allowed here', excerpt: null }
        : await postJson(endpoint.url, body, headers, { allowPrivate: ctx.config.WEBHOOKS_ALLOW_PRIVATE, timeoutMs: this.timeoutMs });
    await this.#record(delivery, result);
  }

  async #record(delivery: repo.WebhookDelivery, result: SendResult): Promise<void> {
    const { ctx } = this;
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    // Counted when it was claimed.
    const attempts = delivery.attempts;
    await inTransaction(ctx, systemActor, async (uow) => {
      const now = ctx.clock.now();
      await repo.insertAttempt(uow.db, {
        delivery_id: delivery.id,
        attempted_at: now,
        response_status: result.status,
        duration_ms: result.durationMs,
        error: result.error ?? (ok ? null : `HTTP ${result.status}`),
        response_excerpt: result.excerpt,
      });
      const endpoint = await repo.findEndpoint(uow.db, delivery.organization_id, delivery.endpoint_id, true);
      if (ok) {
        await repo.finishDelivery(uow.db, delivery.id, 'succeeded', attempts, now);
        if (endpoint?.failing_since) await repo.updateEndpoint(uow.db, endpoint.id, { failing_since: null });
        return;
      }
      const wait = RETRY_DELAYS_MS[attempts - 1];
      if (wait === undefined) await repo.finishDelivery(uow.db, delivery.id, 'failed', attempts, now);
      else await repo.retryDelivery(uow.db, delivery.id, attempts, new Date(now.getTime() + wait));
      if (!endpoint) return;
      const failingSince = endpoint.failing_since ?? now;
      if (!endpoint.failing_since) await repo.updateEndpoint(uow.db, endpoint.id, { failing_since: now });
      if (!endpoint.enabled || now.getTime() - failingSince.getTime() < DISABLE_AFTER_MS) return;
      // Three days of failures: off, logged, and the organisation's admins and owners told.
      await repo.updateEndpoint(uow.db, endpoint.id, { enabled: false, disabled_reason: 'failing', updated_at: now });
      await uow.log({ organization_id: endpoint.organization_id, kind: 'webhook.disabled_failing', subject_id: endpoint.id, subject_label: endpoint.url, facts: { days: 3 } });
      const link = ctx.url(route('webhooks.show', { id: endpoint.organization_id, endpointId: endpoint.id }));
      for (const admin of await repo.adminsOf(uow.db, endpoint.organization_id)) {
        await uow.mail(
          renderMail({
            locale: mailLocale(admin),
            appName: ctx.config.APP_NAME,
            to: admin.email,
            subject: msg('mail.webhooks.disabled.subject'),
            greeting: msg('mail.layout.greetingName', { name: admin.name }),
            lines: [msg('mail.webhooks.disabled.line', { url: endpoint.url, days: 3 }), msg('mail.webhooks.disabled.lastError', { error: result.error ?? `HTTP ${result.status}` })],
            action: { label: msg('mail.webhooks.disabled.action'), url: link },
          }),
        );
      }
    });
  }
}

const workers = new WeakMap<AppContext, WebhookWorker>();

/** The worker of this app (one per context). */
export function webhookWorker(ctx: AppContext): WebhookWorker {
  let worker = workers.get(ctx);
  if (!worker) workers.set(ctx, (worker = new WebhookWorker(ctx)));
  return worker;
}

/** Deletes deliveries (and their attempts) older than 30 days; the scheduler runs it. */
export const pruneWebhookDeliveries = (ctx: AppContext) => repo.pruneDeliveries(ctx.db, new Date(ctx.clock.now().getTime() - KEEP_DELIVERIES_MS));
