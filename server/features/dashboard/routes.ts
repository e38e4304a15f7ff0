import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../../http/guards';

export function dashboardRoutes(ctx: AppContext): Router {
  const router = Router();
  const { inOrganization } = guards(ctx);
  router.get('/dashboard', ...inOrganization, (req, res) => res.inertia.render('Dashboard', {}, { title: 'Dashboard' }));
  return router;
}
