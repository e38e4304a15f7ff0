import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { organizationFromRoute } from '../../tenancy/guard';
import { userController } from './controller';
import { path } from '../../../shared/routes';

export { trackLastActive } from './last-active';

/** /users (feature "users", pages Users/*): the members of the current organisation (admins and owners), and leaving one. */
export function userRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = userController(ctx);
  const { verified, inOrganization } = guards(ctx);

  router.get(path('users.index'), ...inOrganization, c.index);
  router.get(path('users.create'), ...inOrganization, c.create);
  router.post(path('users.store'), ...inOrganization, c.store);
  router.get(path('users.show'), ...inOrganization, c.show);
  router.get(path('users.edit'), ...inOrganization, c.edit);
  router.put(path('users.update'), ...inOrganization, c.update);
  router.patch(path('users.update'), ...inOrganization, c.update);
  router.delete(path('users.destroy'), ...inOrganization, c.destroy);

  // Any member may leave an organisation they belong to (not only the current one).
  router.post(path('organizations.leave'), ...verified, organizationFromRoute(ctx, 'read', { membersOnly: true }), c.leave);
  return router;
}
