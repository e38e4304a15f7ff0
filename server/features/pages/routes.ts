import { Router } from 'express';
import { sql } from 'kysely';
import type { AppContext } from '../../context';

/** Public, static pages: the landing pages and the legal texts. */
export function pageRoutes(ctx: AppContext): Router {
  const router = Router();
  // Health check for load balancers and the test harness: the database answers.
  router.get('/up', async (req, res) => {
    await sql`select 1`.execute(ctx.db);
    res.json({ status: 'ok' });
  });
  const welcome = ctx.config.WELCOME_VARIANT === 'new' ? 'Welcome_new' : 'Welcome';
  router.get('/', (req, res) => res.inertia.render(welcome, {}, { title: 'Welcome' }));
  router.get('/welcome/new', (req, res) => res.inertia.render('Welcome_new', {}, { title: 'Welcome' }));
  router.get('/privacy-policy', (req, res) =>
    res.inertia.render('Legal/PrivacyPolicyPage', { updatedAt: '2026-11-01' }, { title: 'Privacy policy' }),
  );
  router.get('/terms', (req, res) => res.inertia.render('Legal/Terms', { updatedAt: '2026-11-01' }, { title: 'Terms of service' }));
  return router;
}
