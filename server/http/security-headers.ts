import { randomFillSync } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export interface SecurityHeaderOptions {
  https: boolean;
  /** Extra origins the page may open websockets or fetches to (the realtime server). */
  connectSources: string[];
  /** Vite's dev server needs eval and its websocket. */
  dev: boolean;
}

/**
 * 128 random bits per response, base64. Drawn from a pool the CSPRNG refills every 256 nonces:
 * `randomBytes(16)` is a job of its own (≈ 2 µs on every request); a slice of the pool is not.
 * Each slice is used once.
 */
const pool = Buffer.alloc(16 * 256);
let offset = pool.length;
function nonce(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  offset += 16;
  return pool.toString('base64', offset - 16, offset);
}

/** Strict headers on every response; a fresh nonce per request lets exactly our inline scripts run. */
export function securityHeaders(options: SecurityHeaderOptions) {
  // Everything but the nonce and the realtime origin is the same for every response.
  const fixed: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const scriptExtra = options.dev ? " 'unsafe-eval'" : '';
  const connectExtra = options.dev ? ' ws: wss:' : '';
  const rest = [`style-src 'self' 'unsafe-inline'`, `img-src 'self' data: https:`, `font-src 'self' data:`].join('; ');
  const tail = [`object-src 'none'`, `base-uri 'self'`, `form-action 'self'`, `frame-ancestors 'none'`].join('; ');
  const connect = ["'self'", ...options.connectSources].join(' ');
  // The policy around the nonce is built once.
  const before = `default-src 'self'; script-src 'self' 'nonce-`;
  const after = `'${scriptExtra}; ${rest}; connect-src ${connect}${connectExtra}; ${tail}`;

  return (req: Request, res: Response, next: NextFunction) => {
    const cspNonce = nonce();
    res.locals.cspNonce = cspNonce;
    res.set(fixed);
    res.set('Content-Security-Policy', before + cspNonce + after);
    res.set('X-Request-Id', req.id);
    next();
  };
}
