import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import { HttpError } from '../errors';
import { organizationFor } from './identity';
import { flash } from '../http/session-bridge';
import { findOrganizationFor, organizationStatus, userOrganizations, type CurrentOrganization } from './repository';
import { msg } from '../i18n/message';
import { gated, passGate } from './gate';
import { route } from '../../shared/routes';

export type { CurrentOrganization } from './repository';

declare global {
  namespace Express {
    interface Request {
      organization?: CurrentOrganization;
    }
  }
}

/** The session key; read and written only here (setCurrentOrganization / clearCurrentOrganization). */
const CURRENT_ORG_KEY = 'organization_id';

/**
 * Makes `organization` the session's current organisation. Given the full value, this request acts
 * in it at once; given only an id (sign-in, where the session is new), from the next request on.
 */
export function setCurrentOrganization(req: Request, organization: CurrentOrganization | number): void {
  if (typeof organization === 'number') {
    req.session.put(CURRENT_ORG_KEY, organization);
    return;
  }
  req.session.put(CURRENT_ORG_KEY, organization.id);
  req.organization = organization;
}

/** Drops the current organisation; with an id, only when that is the current one (left, deleted). */
export function clearCurrentOrganization(req: Request, organizationId?: number): void {
  if (organizationId === undefined || req.session.get<number>(CURRENT_ORG_KEY) === organizationId) req.session.forget(CURRENT_ORG_KEY);
  if (organizationId === undefined || req.organization?.id === organizationId) req.organization = undefined;
}

/** What the user is told when the session's organisation is gone: deleted, or their membership ended. */
async function goneNotice(ctx: AppContext, organizationId: number): Promise<string | null> {
  const org = await organizationStatus(ctx.db, organizationId);
  if (!org) return null;
  return org.deleted_at ? msg('messages.organizations.deleted', { name: org.name }) : msg('messages.members.youWereRemoved', { organization: org.name });
}

/**
 * Loads the session's current organisation. When the membership or the organisation is gone, it
 * is dropped from the session and the next page the user sees says what happened.
 */
export function loadOrganization(ctx: AppContext) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const id = req.session.get<number>(CURRENT_ORG_KEY);
    if (req.user && id) {
      req.organization = await organizationFor(ctx, req, req.user, id);
      if (!req.organization) {
        clearCurrentOrganization(req);
        const notice = await goneNotice(ctx, id);
        if (notice) flash(req, 'info', notice);
      }
    }
    next();
  };
}

/** A current organisation is needed: pick the only one, else ask; then the gate. */
export function requireOrganization(ctx: AppContext) {
  return gated(async (req: Request, res: Response, next: NextFunction) => {
    if (req.organization) return passGate(req, res, req.organization) && next();
    if (!req.user) return next(new HttpError(401));
    const mine = await userOrganizations(ctx.db, req.user.id);
    if (mine.length === 1) {
      const only = await findOrganizationFor(ctx.db, req.user.id, mine[0].id, req.user.is_platform_admin);
      if (only) {
        setCurrentOrganization(req, only);
        return passGate(req, res, only) && next();
      }
    }
    if (req.method === 'GET') req.session.put('url.intended', req.originalUrl);
    res.redirect(route('organizations.select'));
  });
}

export function currentOrganization(req: Request): CurrentOrganization {
  if (!req.organization) throw new HttpError(404);
  return req.organization;
}
