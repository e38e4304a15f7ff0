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
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        req.log.info({ method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
      });
    }
    runInRequest(req.id, next);
  };
}
