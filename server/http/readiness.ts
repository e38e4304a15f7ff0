import type { NextFunction, Request, Response } from 'express';
import { RETRY_AFTER_SECONDS } from './database-errors';
import { translator } from '../i18n/message';
import { requestLocale } from '../i18n/locale';
import { route } from '../../shared/routes';

/** Flipped once by the server when migrations and start-up work (the demo seed) are done. */
export interface Readiness {
  readonly ready: boolean;
}

const STARTING_PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
    <title>Starting</title>
  </head>
  <body>
    <h1>Starting up</h1>
    <p>The application is starting. This page reloads itself in a few seconds.</p>
  </body>
</html>`;

/**
 * Until the app is ready, every request answers 503 with Retry-After, and `/up` says
 * `starting`: a load balancer or supervisor never sends users to a half-prepared app. Nothing
 * here touches the database, the session or the Inertia adapter (the tables may not exist yet).
 */
export function readinessGate(readiness: Readiness) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (readiness.ready) return next();
    res.status(503).set({ 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' });
    if (req.path === route('up')) return void res.json({ status: 'starting' });
    if (req.accepts(['html', 'json']) === 'json') return void res.json({ message: translator(requestLocale(req))('messages.errors.starting') });
    res.type('html').send(STARTING_PAGE);
  };
}
