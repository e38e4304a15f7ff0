import { Router, type NextFunction, type Request, type Response } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { currentOrganization } from '../../tenancy/current';
import { guardTenantRecord, routeId } from '../../tenancy/guard';
import { importController } from './controller';
import { findImport } from './repository';

/** Another organisation's import (or none) answers 404 before any role check, as every record route does. */
const importRecord = (ctx: AppContext) => async (req: Request, _res: Response, next: NextFunction) => {
  try {
    const organization = currentOrganization(req);
    await guardTenantRecord(
      req,
      () => findImport(ctx.db, organization.id, routeId(req.params.import)),
      () => organization.role,
      null,
    );
    next();
  } catch (error) {
    next(error);
  }
};

/** CSV import of board users. Registered before the board-user routes (`/board-users/:id`). */
export function boardUserImportRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = importController(ctx);
  const { inOrganization } = guards(ctx);
  router.get('/board-users/import', ...inOrganization, c.index);
  router.get('/board-users/import/template', ...inOrganization, c.template);
  router.post('/board-users/import', ...inOrganization, c.upload);
  const record = [...inOrganization, importRecord(ctx)];
  router.get('/board-users/import/:import', ...record, c.show);
  router.put('/board-users/import/:import', ...record, c.update);
  router.post('/board-users/import/:import/start', ...record, c.start);
  router.get('/board-users/import/:import/failures', ...record, c.failures);
  return router;
}
