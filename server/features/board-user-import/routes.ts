import { Router, type NextFunction, type Request, type Response } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { currentOrganization } from '../../tenancy/current';
import { guardTenantRecord, routeId } from '../../tenancy/guard';
import { importController } from './controller';
import { findImport } from './repository';
import { path } from '../../../shared/routes';

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
  router.get(path('board-user-imports.index'), ...inOrganization, c.index);
  router.get(path('board-user-imports.template'), ...inOrganization, c.template);
  router.post(path('board-user-imports.store'), ...inOrganization, c.upload);
  const record = [...inOrganization, importRecord(ctx)];
  router.get(path('board-user-imports.show'), ...record, c.show);
  router.put(path('board-user-imports.update'), ...record, c.update);
  router.post(path('board-user-imports.start'), ...record, c.start);
  router.get(path('board-user-imports.failures'), ...record, c.failures);
  return router;
}
