import type { IncomingMessage, ServerResponse } from 'node:http';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Node's parser takes an HTTP/0.9 request line (`GET /`, no version, no headers) and would answer
 * it as HTTP/1.1: a request that skipped every header a proxy or a check relies on. Every server
 * of the app (pages, websockets' HTTP API, metrics) refuses it: 505, connection closed.
 */
export function refusingHttp09<H extends Handler>(handler: H): H {
  return ((req: IncomingMessage, res: ServerResponse) => {
    if (req.httpVersionMajor >= 1) return handler(req, res);
    res.shouldKeepAlive = false;
    res.writeHead(505, { 'content-type': 'text/plain', connection: 'close' }).end('HTTP/1.0 or later is required.\n');
  }) as H;
}
