/**
 * Prometheus metrics of one realtime node, in the text format (prom-client), on a port of their own
 * (REVERB_METRICS_PORT; soketi's is 9601): GET /metrics. Nothing is served there unless the port is set, and
 * prom-client is only loaded then. Values are read from the node's plain counters (stats.ts) at each scrape.
 *
 * Names (all `reverb_`): connections, connections_opened_total, connections_closed_total,
 * connections_refused_total{reason}, channels, ws_messages_received_total, ws_messages_sent_total,
 * ws_received_bytes_total, ws_sent_bytes_total, http_requests_total, http_received_bytes_total,
 * webhook_deliveries_total, webhook_events_delivered_total, webhook_failures_total, webhook_events_dropped_total,
 * webhook_events_queued, redis_round_trips_total, redis_errors_total, redis_round_trip_seconds (histogram),
 * and prom-client's process metrics (CPU, memory, event loop delay) with the same prefix. With several
 * apps each series is the node's total, and app_connections{app} / app_channels{app} split it by app.
 *
 * Beside /metrics, as soketi's metrics port: GET / (alive), GET /ready (503 while the node drains) and
 * GET /usage, this node's usage per app in JSON (usage()), with soketi's `memory` block.
 */
import type { ServerResponse } from 'node:http';
import { getHeapStatistics } from 'node:v8';
import { scrapedCounters, serveMetrics } from '../lib/metrics-server';
import type { Hub } from './hub';
import type { RealtimeStats } from './stats';

export interface MetricsServer {
  port: number;
  stop(): Promise<void>;
}

const PREFIX = 'reverb_';

/** soketi's /usage memory block (same formula, so tools reading soketi's `memory.percent` read ours). */
function memory() {
  const { rss, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const total = getHeapStatistics().total_available_size;
  const used = rss + heapTotal + external + arrayBuffers;
  return { free: total - used, used, total, percent: (used / total) * 100 };
}

/** This node's usage, per app: what it holds now and what it has counted since it started. */
export function usage(hubs: Hub[], ready: boolean) {
  const apps: Record<string, Record<string, number>> = Object.create(null);
  for (const hub of hubs) {
    const s = hub.stats;
    apps[hub.opts.appId] = {
      connections: hub.connections.size,
      channels: hub.local.channelCount,
      messages_in: s.messagesIn,
      messages_out: s.messagesOut,
      bytes_in: s.bytesIn,
      bytes_out: s.bytesOut,
      http_requests: s.httpRequests,
      http_bytes_in: s.httpBytesIn,
    };
  }
  return { ready, memory: memory(), apps };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}

export async function startMetricsServer(hubs: Hub[], host: string, port: number, ready: () => boolean = () => true): Promise<MetricsServer> {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  /** One of the node's counters, summed over its apps. */
  const total = (read: (stats: RealtimeStats) => number) => () => hubs.reduce((n, hub) => n + read(hub.stats), 0);

  /** A counter whose value is one of the node's plain counters, read at each scrape. */
  const counter = scrapedCounters(Counter, registry, PREFIX);
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name: PREFIX + name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });

  gauge('connections', 'Open websocket connections on this node.', () => hubs.reduce((n, hub) => n + hub.connections.size, 0));
  const perApp = (name: string, help: string, read: (hub: Hub) => number) =>
    new Gauge({
      name: PREFIX + name,
      help,
      labelNames: ['app'],
      registers: [registry],
      collect() {
        for (const hub of hubs) this.set({ app: hub.opts.appId }, read(hub));
      },
    });
  perApp('app_connections', 'Open websocket connections on this node, by app.', (hub) => hub.connections.size);
  perApp('app_channels', 'Channels with at least one subscriber on this node, by app.', (hub) => hub.local.channelCount);
  counter(
    'connections_opened_total',
    'Websocket connections accepted.',
    total((s) => s.connectionsOpened),
  );
  counter(
    'connections_closed_total',
    'Websocket connections closed.',
    total((s) => s.connectionsClosed),
  );
  new Counter({
    name: `${PREFIX}connections_refused_total`,
    help: 'Websocket handshakes refused, by reason (app, protocol, origin, ip, quota, shutdown).',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const hub of hubs) for (const [reason, n] of hub.stats.refusedBy) this.inc({ reason }, n);
    },
  });
  gauge('channels', 'Channels with at least one subscriber on this node.', () => hubs.reduce((n, hub) => n + hub.local.channelCount, 0));
  counter(
    'ws_messages_received_total',
    'Websocket messages received from clients.',
    total((s) => s.messagesIn),
  );
  counter(
    'ws_messages_sent_total',
    'Websocket messages sent to clients.',
    total((s) => s.messagesOut),
  );
  counter(
    'ws_received_bytes_total',
    'Payload bytes of the websocket messages received.',
    total((s) => s.bytesIn),
  );
  counter(
    'ws_sent_bytes_total',
    'Payload bytes of the websocket messages sent.',
    total((s) => s.bytesOut),
  );
  counter(
    'http_requests_total',
    'Pusher HTTP API requests (and /up).',
    total((s) => s.httpRequests),
  );
  counter(
    'http_received_bytes_total',
    'HTTP API request body bytes.',
    total((s) => s.httpBytesIn),
  );
  counter(
    'webhook_deliveries_total',
    'Webhook requests the receiver answered with 2xx.',
    total((s) => s.webhookDeliveries),
  );
  counter(
    'webhook_events_delivered_total',
    'Webhook events in those requests.',
    total((s) => s.webhookEventsDelivered),
  );
  counter(
    'webhook_failures_total',
    'Webhook requests that failed (every attempt, retried or not).',
    total((s) => s.webhookFailures),
  );
  counter(
    'webhook_events_dropped_total',
    'Webhook events given up on (retries exhausted, queue full, shutdown without Redis).',
    total((s) => s.webhookEventsDropped),
  );
  gauge(
    'webhook_events_queued',
    'Webhook events waiting to be sent (with Redis: the shared queue as this node last saw it).',
    total((s) => s.webhookEventsQueued),
  );
  counter(
    'redis_round_trips_total',
    'Round trips to Redis (scaling).',
    total((s) => s.redisRoundTrips),
  );
  counter(
    'redis_errors_total',
    'Redis round trips that failed.',
    total((s) => s.redisErrors),
  );
  const redisTime = new Histogram({
    name: `${PREFIX}redis_round_trip_seconds`,
    help: 'Time of each round trip to Redis.',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  for (const hub of hubs) hub.stats.onRedisRoundTrip = (seconds) => redisTime.observe(seconds);

  const endpoint = await serveMetrics(registry, host, port, {
    '/': (res) => json(res, 200, { health: 'OK' }),
    '/ready': (res) => (ready() ? json(res, 200, { ready: true }) : json(res, 503, { error: 'This node is draining: connect to another one.', code: 503 })),
    '/usage': (res) => json(res, 200, usage(hubs, ready())),
  });
  return {
    port: endpoint.port,
    async stop() {
      for (const hub of hubs) hub.stats.onRedisRoundTrip = null;
      await endpoint.stop();
    },
  };
}
