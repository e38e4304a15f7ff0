import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../../http/guards';
import { importController } from './controller';

/** CSV import of board users. Registered before the board-user routes (`/board-users/:id`). */
export function boardUserImportRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = importController(ctx);
  const { inOrganization } = guards(ctx);
  router.get('/board-users/import', ...inOrganization, c.index);
  router.post('/board-users/import', ...inOrganization, c.upload);
  router.get('/board-users/import/:import', ...inOrganization, c.show);
  router.put('/board-users/import/:import', ...inOrganization, c.update);
  router.post('/board-users/import/:import/start', ...inOrganization, c.start);
  router.get('/board-users/import/:import/failures', ...inOrganization, c.failures);
  return router;
}
