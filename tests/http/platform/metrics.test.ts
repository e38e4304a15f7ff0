/**
 * The app's Prometheus metrics on METRICS_PORT (server/http/metrics.ts): requests by route
 * pattern and status, the latency histogram, the PostgreSQL pool, the mail queue's depth; the
 * app's own port does not serve them, and /up answers as before.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { createLogger } from '../../../server/lib/logger';
import { inTransaction, systemActor } from '../../../server/lib/unit-of-work';
import { startServer, type Running } from '../../../server/main';
import { writeTestManifest } from '../../helpers/app';
import { createTestDatabase, testDriver } from '../../helpers/database';

let running: Running;
let metricsUrl: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  const config = loadConfig({
    APP_ENV: 'test',
    APP_KEY: 'metrics-test-key',
    APP_PORT: '0',
    APP_HOST: '127.0.0.1',
    METRICS_PORT: '0',
    LOG_LEVEL: 'silent',
    STORAGE_DIR: '/tmp/boardly-test-storage',
    REVERB_SERVER_ENABLED: 'false',
    SCHEDULER_ENABLED: 'false',
    QUEUE_WORKER_ENABLED: 'false',
    THROTTLE_STORE: 'memory',
  });
  const manifest = path.join(mkdtempSync(path.join(tmpdir(), 'boardly-manifest-')), 'manifest.json');
  writeTestManifest(manifest, 'v1');
  running = await startServer(config, { database, logger: createLogger('silent'), migrate: false, manifest });
  metricsUrl = `http://127.0.0.1:${running.metricsPort}/metrics`;
});
afterAll(async () => {
  await running?.stop();
});

async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('app metrics', () => {
  it('count requests by route pattern and status, with a latency histogram', async () => {
    const app = running.url;
    expect((await fetch(`${app}/up`)).status).toBe(200);
    expect((await fetch(`${app}/login`)).status).toBe(200);
    expect((await fetch(`${app}/login`)).status).toBe(200);
    expect((await fetch(`${app}/users/123`, { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(`${app}/users/456`, { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(`${app}/no-such-page`)).status).toBe(404);
    // The app's own port does not serve them.
    expect((await fetch(`${app}/metrics`)).status).toBe(404);

    const text = await scrape();
    expect(value(text, 'boardly_http_requests_total{method="GET",route="/up",status="200"}')).toBe(1);
    expect(value(text, 'boardly_http_requests_total{method="GET",route="/login",status="200"}')).toBe(2);
    expect(value(text, 'boardly_http_requests_total{method="GET",route="/users/:id",status="302"}')).toBe(2);
    expect(value(text, 'boardly_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
    expect(value(text, 'boardly_http_request_duration_seconds_count{method="GET",route="/login"}')).toBe(2);
    expect(value(text, 'boardly_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/login"}')).toBe(2);
    expect(text).toContain('boardly_process_resident_memory_bytes');
    expect(text).not.toContain('/users/123');
  });

  it('show the mail queue depth and, on PostgreSQL, the pool', async () => {
    expect(value(await scrape(), 'boardly_mail_queue_depth')).toBe(0);
    await inTransaction(running.ctx, systemActor, async (uow) => {
      for (const to of ['a@metrics.test', 'b@metrics.test']) await uow.mail({ to, subject: 'Queued', text: 'x', html: '<p>x</p>' });
    });
    const text = await scrape();
    expect(value(text, 'boardly_mail_queue_depth')).toBe(2);
    expect(value(text, 'boardly_mail_queue_oldest_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'boardly_metrics_collect_errors')).toBe(0);
    if (testDriver === 'postgres') {
      expect(value(text, 'boardly_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(value(text, 'boardly_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('boardly_db_pool_connections{');
    }

    await running.ctx.mailQueue.drain();
    const after = await scrape();
    expect(value(after, 'boardly_mail_queue_depth')).toBe(0);
    expect(value(after, 'boardly_mails_sent_total')).toBe(2);
  });

  it('answer only GET /metrics on their port', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });
});
