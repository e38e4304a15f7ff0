import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real local HTTP receiver: records what arrives, answers with the next status in its script. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Statuses to answer with, in order; then `fallback`. */
  script: number[];
  fallback: number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const state = { script: [] as number[], fallback: 200 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = state.script.shift() ?? state.fallback;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    get script() {
      return state.script;
    },
    set script(v: number[]) {
      state.script = v;
    },
    get fallback() {
      return state.fallback;
    },
    set fallback(v: number) {
      state.fallback = v;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * Verifies a delivery with the Standard Webhooks reference implementation (the `standardwebhooks`
 * package of standard-webhooks/standard-webhooks): signature over `{id}.{timestamp}.{body}` with the
 * `whsec_` secret, any one of the space-separated `v1,` signatures, the timestamp within five minutes
 * of `nowSeconds` (the test's clock: the library reads Date.now, set to it for the call).
 */
export function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, body: string, nowSeconds: number): boolean {
  const pick = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : '';
  };
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(nowSeconds * 1000);
  try {
    new Webhook(secret).verify(body, { 'webhook-id': pick('webhook-id'), 'webhook-timestamp': pick('webhook-timestamp'), 'webhook-signature': pick('webhook-signature') });
    return true;
  } catch {
    return false;
  } finally {
    vi.useRealTimers();
  }
}
