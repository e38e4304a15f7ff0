import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export interface SecurityHeaderOptions {
  https: boolean;
  /** Extra origins the page may open websockets or fetches to (the realtime server). */
  connectSources: (req: Request) => string[];
  /** Vite's dev server needs eval and its websocket. */
  dev: boolean;
}

/** Strict headers on every response; a fresh nonce per request lets exactly our inline scripts run. */
export function securityHeaders(options: SecurityHeaderOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    const connect = ["'self'", ...options.connectSources(req)];
    const script = [`'self'`, `'nonce-${nonce}'`, ...(options.dev ? ["'unsafe-eval'"] : [])];
    if (options.dev) connect.push('ws:', 'wss:');
    const csp = [
      `default-src 'self'`,
      `script-src ${script.join(' ')}`,
      `style-src 'self' 'unsafe-inline'`,
      `img-src 'self' data: https:`,
      `font-src 'self' data:`,
      `connect-src ${connect.join(' ')}`,
      `object-src 'none'`,
      `base-uri 'self'`,
      `form-action 'self'`,
      `frame-ancestors 'none'`,
    ].join('; ');
    res.set({
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'X-Request-Id': req.id,
    });
    if (options.https) res.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}
