/**
 * Issue #16, realtime metrics: Prometheus text (prom-client) on a port of their own, off unless configured;
 * connections, channels, messages and bytes in/out, HTTP API requests, webhook deliveries and failures, and
 * Redis round trips, as counted by the node that serves them.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createRealtimeServer, realtimeOptionsFromConfig } from '../../server/realtime/index';
import { APP, RawClient, sdkFor, startServer, type Running } from './helpers';
import { WebhookReceiver } from './webhook-receiver';

const stops: (() => Promise<void>)[] = [];
const raws: RawClient[] = [];
afterEach(async () => {
  for (const c of raws.splice(0)) c.close();
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function withMetrics(over: Parameters<typeof startServer>[0] = {}): Promise<Running & { metrics: string }> {
  const server = createRealtimeServer({ ...APP, host: '127.0.0.1', port: 0, allowedOrigins: ['*'], maxMessageSize: 10_000, activityTimeout: 30, metricsPort: 0, ...over });
  const { port, metricsPort } = await server.start();
  stops.push(() => server.stop());
  expect(metricsPort).toBeGreaterThan(0);
  return { port, sdk: sdkFor(port), stop: () => server.stop(), metrics: `http://127.0.0.1:${metricsPort}/metrics` };
}
async function open(port: number): Promise<RawClient> {
  const c = await RawClient.open(port);
  raws.push(c);
  return c;
}
/** Parses the text format into `name{labels}` → value. */
async function scrape(url: string): Promise<Map<string, number>> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const out = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

describe('realtime metrics', () => {
  it('are off unless a port is configured (REVERB_METRICS_PORT)', async () => {
    expect(realtimeOptionsFromConfig(loadConfig({})).metricsPort).toBeUndefined();
    const srv = await startServer();
    stops.push(() => srv.stop());
    const server = createRealtimeServer({ ...APP, host: '127.0.0.1', port: 0, allowedOrigins: ['*'], maxMessageSize: 10_000, activityTimeout: 30 });
    const started = await server.start();
    stops.push(() => server.stop());
    expect(started.metricsPort).toBeUndefined();
    // The realtime port itself still only answers /up and the Pusher API.
    expect((await fetch(`http://127.0.0.1:${started.port}/metrics`)).status).toBe(404);
    expect(await (await fetch(`http://127.0.0.1:${started.port}/up`)).json()).toEqual({ health: 'OK' });
  });

  it('count connections, channels, messages and bytes both ways, refusals and HTTP API requests', async () => {
    const srv = await withMetrics({ maxConnectionsPerIp: 2 });
    const a = await open(srv.port);
    const b = await open(srv.port);
    const refused = await RawClient.open(srv.port, { waitEstablished: false });
    await refused.closed;
    await a.subscribe('m-1');
    await a.subscribe('m-2');
    await b.subscribe('m-1');
    await srv.sdk.trigger('m-1', 'hello', { x: 1 });
    await a.next('hello');
    await b.next('hello');
    const m = await scrape(srv.metrics);
    expect(m.get('reverb_connections')).toBe(2);
    expect(m.get('reverb_connections_opened_total')).toBe(2);
    expect(m.get('reverb_connections_refused_total{reason="ip"}')).toBe(1);
    expect(m.get('reverb_channels')).toBe(2);
    expect(m.get('reverb_ws_messages_received_total')).toBe(3); // three subscribes
    // connection_established ×2, the refusal's pusher:error, subscription_succeeded ×3, the event ×2
    expect(m.get('reverb_ws_messages_sent_total')).toBe(8);
    expect(m.get('reverb_ws_received_bytes_total')).toBeGreaterThan(3 * 40);
    expect(m.get('reverb_ws_sent_bytes_total')).toBeGreaterThan(8 * 30);
    expect(m.get('reverb_http_requests_total')).toBe(1);
    expect(m.get('reverb_http_received_bytes_total')).toBeGreaterThan(0);
    expect(m.has('reverb_process_cpu_seconds_total')).toBe(true);
    expect(m.has('reverb_nodejs_eventloop_lag_seconds')).toBe(true);
    b.close();
    await b.closed;
    const after = await scrape(srv.metrics);
    expect(after.get('reverb_connections')).toBe(1);
    expect(after.get('reverb_connections_closed_total')).toBe(1);
    expect(after.get('reverb_channels')).toBe(2);
    expect((await fetch(srv.metrics.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('count webhook deliveries, failed attempts and dropped events', async () => {
    const r = await WebhookReceiver.start();
    stops.push(() => r.stop());
    r.failNext = 1;
    const srv = await withMetrics({ webhooks: { urls: [r.url], batchMs: 10, retryBaseMs: 50 } });
    const c = await open(srv.port);
    await c.subscribe('w-1');
    await r.until(() => r.events.length === 1);
    const m = await scrape(srv.metrics);
    expect(m.get('reverb_webhook_failures_total')).toBe(1);
    expect(m.get('reverb_webhook_deliveries_total')).toBe(1);
    expect(m.get('reverb_webhook_events_delivered_total')).toBe(1);
    expect(m.get('reverb_webhook_events_dropped_total')).toBe(0);
    expect(m.get('reverb_webhook_events_queued')).toBe(0);
  });

  it.skipIf(!process.env.REDIS_URL)('count and time Redis round trips when scaled out', async () => {
    const prefix = `rt-metrics-${randomBytes(4).toString('hex')}`;
    stops.push(async () => {
      const redis = new Redis(process.env.REDIS_URL!);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });
    const srv = await withMetrics({ redisUrl: process.env.REDIS_URL, redisKeyPrefix: prefix, heartbeatIntervalMs: 200 });
    const before = (await scrape(srv.metrics)).get('reverb_redis_round_trips_total') ?? 0;
    expect(before).toBeGreaterThan(0); // start-up and the first heartbeat
    const c = await open(srv.port);
    await c.subscribeSigned(srv.sdk, 'presence-m', { user_id: 'u' });
    const m = await scrape(srv.metrics);
    expect(m.get('reverb_redis_round_trips_total')).toBeGreaterThan(before);
    expect(m.get('reverb_redis_round_trip_seconds_count')).toBe(m.get('reverb_redis_round_trips_total'));
    expect(m.get('reverb_redis_errors_total')).toBe(0);
  });
});
