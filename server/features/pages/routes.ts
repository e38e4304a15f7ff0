import { type Request, Router } from 'express';
import type { AppContext } from '../../context';
import { databaseAnswers } from '../../db/health';
import { RETRY_AFTER_SECONDS } from '../../http/database-errors';
import { requestLocale } from '../../i18n/locale';
import { msg, translator } from '../../i18n/message';
import { metaDescription, metaTags } from '../../lib/meta-tags';
import { path, route } from '../../../shared/routes';

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
  // What a preview or a search result shows of each page, in the reader's language; `/` is the canonical address of either landing page.
  const head = (req: Request, canonical: string, kind: 'welcome' | 'privacy' | 'terms') => {
    const t = translator(requestLocale(req));
    const app = ctx.config.APP_NAME;
    const title = kind === 'welcome' ? app : t(`messages.titles.${kind}`);
    return metaTags({ title, description: metaDescription(t(`messages.descriptions.${kind}`, { app })), url: ctx.url(canonical), type: 'website', siteName: app });
  };
  router.get(path('home'), (req, res) => res.inertia.render(welcome, {}, { title: msg('messages.titles.welcome'), head: head(req, route('home'), 'welcome') }));
  router.get(path('welcome.new'), (req, res) => res.inertia.render('Welcome_new', {}, { title: msg('messages.titles.welcome'), head: head(req, route('home'), 'welcome') }));
  router.get(path('privacy-policy'), (req, res) =>
    res.inertia.render('Legal/PrivacyPolicyPage', { updatedAt: '2026-11-01' }, { title: msg('messages.titles.privacy'), head: head(req, route('privacy-policy'), 'privacy') }),
  );
  router.get(path('terms'), (req, res) => res.inertia.render('Legal/Terms', { updatedAt: '2026-11-01' }, { title: msg('messages.titles.terms'), head: head(req, route('terms'), 'terms') }));
  return router;
}
