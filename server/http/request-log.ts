import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../lib/logger';
import { runInRequest } from './request-context';

declare global {
  namespace Express {
    interface Request {
      id: string;
      log: Logger;
    }
  }
}

/**
 * Requests nobody reads one by one at `info`: built assets, public files (they all have an
 * extension), Vite's dev modules and the realtime server's webhooks. They log at `debug`.
 */
const QUIET = /^\/(build\/|webhooks\/|@|resources\/|node_modules\/)|\.[a-z0-9]+$/i;

/** The level a finished request logs at: a failing one always at info. */
export const requestLevel = (path: string, status: number): 'info' | 'debug' => (status < 500 && QUIET.test(path) ? 'debug' : 'info');

/** One JSON line per request, tied together by a request id (taken from a proxy when it sends a sane one). */
export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('X-Request-Id');
    req.id = incoming && /^[\w.-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    // Most requests never log: the child logger is made on first use.
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', { get: () => (child ??= logger.child({ reqId: req.id })), configurable: true });
    if (logger.isLevelEnabled('info')) {
      const start = process.hrtime.bigint();
      res.on('finish', () => {
        // originalUrl: a mounted router (/build) has cut req.path down by then.
        const level = requestLevel(req.originalUrl.split('?')[0], res.statusCode);
        if (!logger.isLevelEnabled(level)) return;
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        req.log[level]({ method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
      });
    }
    runInRequest(req.id, next);
  };
}
