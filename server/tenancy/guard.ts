import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { authorizeRole, type Ability } from './policy';
import { findOrganizationFor, orFail, routeId, type CurrentOrganization } from './current';

declare global {
  namespace Express {
    interface Request {
      /** The organisation named by `:id` in /organizations/{id}/…, with the user's role there. */
      routeOrganization?: CurrentOrganization;
    }
  }
}

/**
 * Resolves `/organizations/:id` for the signed-in user, in this order: an organisation they cannot
 * see answers 404 (never 403, so ids cannot be probed); then the ability (403); only then do later
 * middleware run (password confirmation, the handler).
 */
export function organizationFromRoute(ctx: AppContext, ability: Ability, options: { membersOnly?: boolean } = {}) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const user = req.user;
    if (!user) throw new HttpError(401);
    const id = routeId(req.params.id);
    const target = orFail(await findOrganizationFor(ctx.db, user.id, id, options.membersOnly ? false : user.is_platform_admin));
    authorizeRole(req, target.role, ability);
    req.routeOrganization = target;
    next();
  };
}

export function routeOrganization(req: Request): CurrentOrganization {
  if (!req.routeOrganization) throw new HttpError(404);
  return req.routeOrganization;
}
