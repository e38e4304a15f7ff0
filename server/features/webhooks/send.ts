import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { bareHost, ForbiddenAddressError, guardedLookup, isForbiddenAddress } from '../../lib/outbound-address';

export interface SendResult {
  status: number | null;
  durationMs: number;
  error: string | null;
  excerpt: string | null;
}

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs: number;
}

const EXCERPT = 1000;

/**
 * One POST to a receiver: the address is checked as it is connected to (no DNS rebinding), a
 * redirect is an answer like any other (not followed), and the whole exchange has `timeoutMs`.
 */
export function postJson(url: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (status: number | null, error: string | null, excerpt: string | null): SendResult => ({
    status,
    durationMs: Math.round(performance.now() - started),
    error: error?.slice(0, 500) ?? null,
    excerpt,
  });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return Promise.resolve(done(null, 'invalid URL', null));
  }
  const host = bareHost(parsed.hostname);
  if (!options.allowPrivate && isIP(host) && isForbiddenAddress(host)) return Promise.resolve(done(null, new ForbiddenAddressError(host).message, null));
  const request = parsed.protocol === 'https:' ? httpsRequest : parsed.protocol === 'http:' ? httpRequest : null;
  if (!request) return Promise.resolve(done(null, 'unsupported scheme', null));

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = request(
      parsed,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Boardly-Webhooks/1', 'content-length': String(Buffer.byteLength(body)), ...headers },
        lookup: guardedLookup(options.allowPrivate) as never,
        agent: false,
      },
      (res) => {
        let excerpt = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (excerpt.length < EXCERPT) excerpt += chunk;
          if (excerpt.length >= EXCERPT) res.destroy();
        });
        const end = () => finish(done(res.statusCode ?? null, null, excerpt.slice(0, EXCERPT) || null));
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish(done(null, `no answer within ${options.timeoutMs} ms`, null));
    }, options.timeoutMs);
    req.on('error', (error) => finish(done(null, error instanceof ForbiddenAddressError ? error.message : `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`.trim(), null)));
    req.end(body);
  });
}
