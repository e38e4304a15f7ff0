/**
 * Prometheus metrics of the app (and of `npm run queue:work`), in the text format (prom-client),
 * on a port of their own (METRICS_PORT; unset: off, and prom-client is not even loaded):
 * GET /metrics. The app's port never serves them, so they need no protection from the public.
 *
 * Names (all `boardly_`): http_requests_total{method,route,status}, http_request_duration_seconds
 * {method,route} (histogram), db_pool_connections{state} (PostgreSQL: total, idle, waiting),
 * mail_queue_depth (mails still to deliver), mail_queue_oldest_seconds, mails_sent_total,
 * mail_retries_total, mails_failed_total (this process's worker), and prom-client's process
 * metrics (CPU, memory, event loop delay) with the same prefix.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/types';
import type { Logger } from '../lib/logger';
import { scrapedCounters, serveMetrics } from '../lib/metrics-server';
import type { MailQueue } from '../mail/queue';
import { mailQueueSummary } from '../mail/outbox-repository';

const PREFIX = 'boardly_';

export interface AppMetrics {
  port: number;
  /** Counts every request by route pattern (never the raw URL: ids would explode the series). */
  middleware(req: Request, res: Response, next: NextFunction): void;
  stop(): Promise<void>;
}

export interface AppMetricsOptions {
  host: string;
  port: number;
  db: Kysely<Database>;
  pool?: pg.Pool;
  mailQueue: MailQueue;
  logger: Logger;
}

/** The matched route's pattern ("/users/:id"), or what kind of request had none. */
export function routeLabel(req: Request, status: number): string {
  const pattern = req.route?.path;
  if (typeof pattern === 'string') return (req.baseUrl ?? '') + pattern;
  if (req.originalUrl.startsWith('/build/')) return '/build/*';
  return status === 404 ? 'unmatched' : 'other';
}

export async function startAppMetrics(options: AppMetricsOptions): Promise<AppMetrics> {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });

  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from the request to the end of the response, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = options.pool;
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'PostgreSQL pool connections by state: total, idle, and requests waiting for one (absent on PGlite).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  // Collected in registration order: the depth's collect reads the queue for all three.
  new Gauge({
    name: `${PREFIX}mail_queue_depth`,
    help: 'Mails queued and not yet delivered or given up.',
    registers: [registry],
    async collect() {
      try {
        const q = await mailQueueSummary(options.db);
        this.set(q.pending);
        oldest.set(q.oldest ? Math.max(0, (Date.now() - q.oldest.getTime()) / 1000) : 0);
        errors.set(0);
      } catch (error) {
        options.logger.warn({ err: error }, 'metrics: could not read the mail queue');
        errors.set(1);
      }
    },
  });
  const oldest = new Gauge({ name: `${PREFIX}mail_queue_oldest_seconds`, help: 'Age of the oldest mail still to deliver (0 when none).', registers: [registry] });
  const errors = new Gauge({ name: `${PREFIX}metrics_collect_errors`, help: '1 when the last scrape could not read the queue from the database.', registers: [registry] });
  const stats = options.mailQueue.stats;
  const counter = scrapedCounters(Counter, registry, PREFIX);
  counter('mails_sent_total', 'Mails this process delivered.', () => stats.sent);
  counter('mail_retries_total', 'Deliveries that failed and were scheduled again.', () => stats.retried);
  counter('mails_failed_total', 'Mails given up after their last attempt.', () => stats.failed);

  const endpoint = await serveMetrics(registry, options.host, options.port);

  return {
    port: endpoint.port,
    middleware(req, res, next) {
      const end = duration.startTimer();
      res.once('finish', () => {
        const route = routeLabel(req, res.statusCode);
        requests.inc({ method: req.method, route, status: String(res.statusCode) });
        end({ method: req.method, route });
      });
      next();
    },
    stop: () => endpoint.stop(),
  };
}
