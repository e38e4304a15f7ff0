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
 * and prom-client's process metrics (CPU, memory, event loop delay) with the same prefix.
 */
import { scrapedCounters, serveMetrics } from '../lib/metrics-server';
import type { Hub } from './hub';

export interface MetricsServer {
  port: number;
  stop(): Promise<void>;
}

const PREFIX = 'reverb_';

export async function startMetricsServer(hub: Hub, host: string, port: number): Promise<MetricsServer> {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const { stats } = hub;

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

  gauge('connections', 'Open websocket connections on this node.', () => hub.connections.size);
  counter('connections_opened_total', 'Websocket connections accepted.', () => stats.connectionsOpened);
  counter('connections_closed_total', 'Websocket connections closed.', () => stats.connectionsClosed);
  new Counter({
    name: `${PREFIX}connections_refused_total`,
    help: 'Websocket handshakes refused, by reason (app, protocol, origin, ip, quota, shutdown).',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, n] of stats.refusedBy) this.inc({ reason }, n);
    },
  });
  gauge('channels', 'Channels with at least one subscriber on this node.', () => hub.local.channelCount);
  counter('ws_messages_received_total', 'Websocket messages received from clients.', () => stats.messagesIn);
  counter('ws_messages_sent_total', 'Websocket messages sent to clients.', () => stats.messagesOut);
  counter('ws_received_bytes_total', 'Payload bytes of the websocket messages received.', () => stats.bytesIn);
  counter('ws_sent_bytes_total', 'Payload bytes of the websocket messages sent.', () => stats.bytesOut);
  counter('http_requests_total', 'Pusher HTTP API requests (and /up).', () => stats.httpRequests);
  counter('http_received_bytes_total', 'HTTP API request body bytes.', () => stats.httpBytesIn);
  counter('webhook_deliveries_total', 'Webhook requests the receiver answered with 2xx.', () => stats.webhookDeliveries);
  counter('webhook_events_delivered_total', 'Webhook events in those requests.', () => stats.webhookEventsDelivered);
  counter('webhook_failures_total', 'Webhook requests that failed (every attempt, retried or not).', () => stats.webhookFailures);
  counter('webhook_events_dropped_total', 'Webhook events given up on (retries exhausted, queue full, shutdown).', () => stats.webhookEventsDropped);
  gauge('webhook_events_queued', 'Webhook events waiting to be sent.', () => stats.webhookEventsQueued);
  counter('redis_round_trips_total', 'Round trips to Redis (scaling).', () => stats.redisRoundTrips);
  counter('redis_errors_total', 'Redis round trips that failed.', () => stats.redisErrors);
  const redisTime = new Histogram({
    name: `${PREFIX}redis_round_trip_seconds`,
    help: 'Time of each round trip to Redis.',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  stats.onRedisRoundTrip = (seconds) => redisTime.observe(seconds);

  const endpoint = await serveMetrics(registry, host, port);
  return {
    port: endpoint.port,
    async stop() {
      stats.onRedisRoundTrip = null;
      await endpoint.stop();
    },
  };
}
