import { Router } from 'express';
import type { AppContext } from '../../context';
import { requirePortalMember } from '../../tenancy/portal';
import { path } from '../../../shared/routes';
import { portalSettingsController } from './controller';

/** The board member's settings (/portal/settings): only a signed-in board member, never staff. */
export function portalSettingsRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = portalSettingsController(ctx);
  router.get(path('portal.settings'), requirePortalMember, c.edit);
  router.patch(path('portal.settings.update'), requirePortalMember, c.update);
  return router;
}
