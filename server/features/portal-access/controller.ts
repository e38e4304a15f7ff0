import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { flash } from '../../http/session-bridge';
import { msg } from '../../i18n/message';
import { validate } from '../../lib/validation';
import { actingIn } from '../../tenancy/from-request';
import { authorize, routeId } from '../../tenancy/guard';
import { route } from '../../../shared/routes';
import { grantSchema } from './schema';
import * as service from './service';

/** Staff grant and revoke a board user's portal access (docs/product.md "Board members"). */
export function portalAccessController(ctx: AppContext) {
  return {
    async store(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const id = routeId(req.params.id);
      const input = validate(grantSchema, req.body ?? {});
      const { created, name } = await service.grantAccess(ctx, actingIn(req), id, input);
      flash(req, 'success', msg(created ? 'messages.portalAccess.granted' : 'messages.portalAccess.resent', { name }));
      res.redirect(303, route('board-users.show', { id }));
    },

    async destroy(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const id = routeId(req.params.id);
      const { revoked, name } = await service.revokeAccess(ctx, actingIn(req), id);
      flash(req, 'success', msg(revoked ? 'messages.portalAccess.revoked' : 'messages.portalAccess.none', { name }));
      res.redirect(303, route('board-users.show', { id }));
    },
  };
}
