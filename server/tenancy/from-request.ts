import type { Request } from 'express';
import type { User } from '../db/types';
import type { Actor } from '../lib/unit-of-work';
import type { Acting, ActingIn } from './acting';
import { currentOrganization, type CurrentOrganization } from './current';
import { HttpError } from '../errors';

/** The request's client, for the activity log: address, user agent and the browser socket to leave out of broadcasts. */
export function requestActor(req: Request, user: Pick<User, 'id' | 'name'> | null = req.user ?? null): Actor {
  const socket = req.get('X-Socket-Id');
  return {
    user: user ? { id: user.id, name: user.name } : null,
    ip: req.ip ?? null,
    userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
    socketId: socket && /^\d+\.\d+$/.test(socket) ? socket : undefined,
  };
}

/**
 * The signed-in user acting, built once per request by the controller: in the session's current
 * organisation, or in `organization` when a route names one (`routeOrganization(req)`).
 */
export function actingFrom(req: Request, organization: CurrentOrganization | null = req.organization ?? null): Acting {
  const user = req.user;
  if (!user) throw new HttpError(401);
  return { ...requestActor(req, user), user, organization, role: organization?.role ?? null };
}

/** `actingFrom` for routes that work in an organisation (404 without one). */
export function actingIn(req: Request, organization: CurrentOrganization = currentOrganization(req)): ActingIn {
  return { ...actingFrom(req, organization), organization };
}
