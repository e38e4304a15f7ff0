import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { organizationFromRoute } from '../../tenancy/guard';
import { userController } from './controller';

export { trackLastActive } from './last-active';

/** /users (feature "users", pages Users/*): the members of the current organisation (admins and owners), and leaving one. */
export function userRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = userController(ctx);
  const { verified, inOrganization } = guards(ctx);

  router.get('/users', ...inOrganization, c.index);
  router.get('/users/create', ...inOrganization, c.create);
  router.post('/users', ...inOrganization, c.store);
  router.get('/users/:id', ...inOrganization, c.show);
  router.get('/users/:id/edit', ...inOrganization, c.edit);
  router.put('/users/:id', ...inOrganization, c.update);
  router.patch('/users/:id', ...inOrganization, c.update);
  router.delete('/users/:id', ...inOrganization, c.destroy);

  // Any member may leave an organisation they belong to (not only the current one).
  router.post('/organizations/:id/leave', ...verified, organizationFromRoute(ctx, 'read', { membersOnly: true }), c.leave);
  return router;
}
