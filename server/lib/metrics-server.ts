import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { refusingHttp09 } from './http-version';

export interface MetricsEndpoint {
  port: number;
  stop(): Promise<void>;
}

/** What prom-client's Registry offers for a scrape. */
export interface ScrapeSource {
  contentType: string;
  metrics(): Promise<string>;
}

/** prom-client's Counter class and a registry (prom-client is loaded lazily by each caller). */
type CounterClass = typeof import('prom-client').Counter;

/** Makes counters whose value is one of the process's plain counters, read at each scrape. */
export function scrapedCounters(Counter: CounterClass, registry: import('prom-client').Registry, prefix: string) {
  return (name: string, help: string, read: () => number) =>
    new Counter({
      name: prefix + name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
}

/** More GET routes on the metrics port (the realtime server's /usage and /ready), by exact path. */
export type ExtraRoutes = Record<string, (res: ServerResponse) => void>;

/**
 * A port of its own answering GET /metrics in Prometheus text (and `extra` routes, nothing else), for the
 * app, the mail worker and the realtime server.
 */
export async function serveMetrics(registry: ScrapeSource, host: string, port: number, extra: ExtraRoutes = {}): Promise<MetricsEndpoint> {
  const server: Server = createServer(
    refusingHttp09((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const route = req.method === 'GET' && Object.hasOwn(extra, path) ? extra[path] : undefined;
      if (route) return route(res);
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        () => res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n'),
      );
    }),
  );
  server.on('clientError', (_e, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', () => undefined);
  return {
    port: (server.address() as AddressInfo).port,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
