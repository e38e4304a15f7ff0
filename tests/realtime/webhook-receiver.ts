/** A real HTTP receiver for the realtime server's webhooks: records every request, and can fail the first ones. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookBody, WebhookEvent } from '../../server/lib/webhook-events';

export interface Delivery {
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: WebhookBody;
  /** What the receiver answered. */
  status: number;
}

export class WebhookReceiver {
  readonly deliveries: Delivery[] = [];
  /** Answer this many requests with `failWith` before answering 200. */
  failNext = 0;
  failWith = 500;
  /** Never answer this many requests (the sender's timeout must give up on them). */
  hangNext = 0;
  private waiters: { pred: () => boolean; resolve: () => void }[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** port 0: any free port. */
  static async start(path = '/webhooks/realtime', port = 0): Promise<WebhookReceiver> {
    let receiver!: WebhookReceiver;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (receiver.hangNext > 0) {
          receiver.hangNext -= 1;
          return; // no answer, ever
        }
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const status = receiver.failNext > 0 ? (receiver.failNext--, receiver.failWith) : 200;
        receiver.deliveries.push({ headers: req.headers, rawBody, body: JSON.parse(rawBody), status });
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
        receiver.check();
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    receiver = new WebhookReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    return receiver;
  }

  /** Events of the requests answered 200, in the order they were received. */
  get events(): WebhookEvent[] {
    return this.deliveries.filter((d) => d.status === 200).flatMap((d) => d.body.events);
  }

  until(pred: () => boolean, timeoutMs = 5000, what = 'webhooks'): Promise<void> {
    if (pred()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.events)}`)), timeoutMs);
      this.waiters.push({ pred, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  /** Resolves once the delivered events include one matching each of `expected` (partial match). */
  untilEvents(expected: Partial<WebhookEvent>[], timeoutMs = 5000): Promise<void> {
    const has = () => expected.every((e) => this.events.some((got) => Object.entries(e).every(([k, v]) => (got as unknown as Record<string, unknown>)[k] === v)));
    return this.until(has, timeoutMs, JSON.stringify(expected));
  }

  private check(): void {
    for (const w of [...this.waiters]) {
      if (w.pred()) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  }

  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }
}
