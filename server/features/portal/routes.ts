import { Router } from 'express';
import type { AppContext } from '../../context';
import { requirePortalMember } from '../../tenancy/portal';
import { path } from '../../../shared/routes';
import { portalController } from './controller';

/** The board portal's reading routes: a signed-in board member only (never staff, never a guest). */
export function portalRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = portalController(ctx);
  router.get(path('portal.index'), requirePortalMember, c.index);
  router.get(path('portal.insights.show'), requirePortalMember, c.show);
  router.post(path('portal.insights.acknowledge'), requirePortalMember, c.acknowledge);
  return router;
}
