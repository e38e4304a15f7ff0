import { Router } from 'express';
import type { AppContext } from '../../context';
import { databaseAnswers } from '../../db/health';
import { RETRY_AFTER_SECONDS } from '../../http/database-errors';
import { msg } from '../../i18n/message';
import { path } from '../../../shared/routes';

/** /up gives up on the database after this long, well before a load balancer's own timeout. */
const UP_DATABASE_TIMEOUT_MS = 2_000;

/** Public, static pages: the landing pages and the legal texts. */
export function pageRoutes(ctx: AppContext): Router {
  const router = Router();
  // Health check for load balancers and supervisors: the app is ready (server/http/readiness.ts
  // answers `starting` before) and its database answers.
  router.get(path('up'), async (req, res) => {
    const database = await databaseAnswers(ctx.db, UP_DATABASE_TIMEOUT_MS);
    res.set('Cache-Control', 'no-store');
    if (database.up) return void res.json({ status: 'ok', database: 'up' });
    req.log.warn({ err: database.error }, 'health check: database down');
    res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS)).json({ status: 'down', database: 'down' });
  });
  const welcome = ctx.config.WELCOME_VARIANT === 'new' ? 'Welcome_new' : 'Welcome';
  router.get(path('home'), (_req, res) => res.inertia.render(welcome, {}, { title: msg('messages.titles.welcome') }));
  router.get(path('welcome.new'), (_req, res) => res.inertia.render('Welcome_new', {}, { title: msg('messages.titles.welcome') }));
  router.get(path('privacy-policy'), (_req, res) => res.inertia.render('Legal/PrivacyPolicyPage', { updatedAt: '2026-11-01' }, { title: msg('messages.titles.privacy') }));
  router.get(path('terms'), (_req, res) => res.inertia.render('Legal/Terms', { updatedAt: '2026-11-01' }, { title: msg('messages.titles.terms') }));
  return router;
}
