import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../../http/guards';
import { boardUsersController } from './controller';

export function boardUserRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = boardUsersController(ctx);
  const { inOrganization } = guards(ctx);
  // Fixed paths before /:id.
  router.get('/board-users', ...inOrganization, c.index);
  router.get('/board-users/create', ...inOrganization, c.create);
  router.get('/board-users/export', ...inOrganization, c.export);
  router.get('/board-users/options', ...inOrganization, c.options);
  router.post('/board-users', ...inOrganization, c.store);
  router.get('/board-users/:id', ...inOrganization, c.show);
  router.get('/board-users/:id/edit', ...inOrganization, c.edit);
  router.put('/board-users/:id', ...inOrganization, c.update);
  router.patch('/board-users/:id', ...inOrganization, c.update);
  router.delete('/board-users/:id', ...inOrganization, c.destroy);
  router.put('/board-users/:id/restore', ...inOrganization, c.restore);
  return router;
}
