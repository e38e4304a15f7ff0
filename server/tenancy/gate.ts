import type { NextFunction, Request, Response } from 'express';
import { HttpError } from '../errors';
import { msg } from '../i18n/message';
import type { CurrentOrganization } from './repository';
import { route } from '../../shared/routes';

/**
 * THE organisation policy gate. However a request names the organisation it acts in — the
 * session's current one, `/organizations/{id}` in the path, a channel name at
 * `/broadcasting/auth` — it is found through `findOrganizationFor` (membership: none → 404), its
 * role is checked (`ensureCan`: 403), and then the organisation's own rules are applied here.
 * Today that is "require two-factor sign-in": a member without a second factor may only set one
 * up, or leave.
 */

/** What a member without the second factor the organisation requires may still reach. */
const OPEN_PATHS = [
  /^\/profile$/,
  /^\/user\//,
  /^\/logout$/,
  /^\/confirm-password$/,
  /^\/password$/,
  /^\/verify-email/,
  /^\/email\//,
  /^\/organizations\/select$/,
  /^\/organizations\/\d+\/switch$/,
  /^\/organizations\/\d+\/leave$/,
  /^\/broadcasting\//, // the gate is applied per channel there (features/channel-auth/rules.ts)
];

export const isOpenPath = (path: string) => OPEN_PATHS.some((p) => p.test(path));

/** Whether the organisation's own rules let this member in (membership and role are checked where it is found). */
export const admits = (organization: CurrentOrganization): boolean => !organization.two_factor_missing;

export const twoFactorSetupNotice = (name: string) => msg('messages.twoFactor.setupRequired', { name });

/**
 * Pages go to the profile, which opens at its two-factor section with a notice that stays while
 * the requirement is unmet (Profile/Edit's `twoFactorRequiredBy`; a timed toast was gone before
 * it was read). JSON callers get 403 with the words.
 */
function refuse(req: Request, res: Response, organization: CurrentOrganization): void {
  if (!req.isInertia && req.accepts(['html', 'json']) === 'json') throw new HttpError(403, twoFactorSetupNotice(organization.name));
  res.redirect(303, route('profile.edit'));
}

/**
 * Applies the gate to `organization` for this request. True when the request may go on; false
 * when it has been answered (sent to set up two factors). Open paths always go on.
 */
export function passGate(req: Request, res: Response, organization: CurrentOrganization): boolean {
  if (admits(organization) || isOpenPath(req.path)) return true;
  refuse(req, res, organization);
  return false;
}

/** Every request, for the session's current organisation (also the pages that name none). */
export function currentOrganizationGate() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.user || !req.organization || passGate(req, res, req.organization)) next();
  };
}

const GATED = Symbol('organization gate');

/** Marks a route middleware as resolving an organisation through the gate (the router-walk test reads it). */
export function gated<T extends (...args: never[]) => unknown>(handler: T): T {
  Object.defineProperty(handler, GATED, { value: true });
  return handler;
}

export const isGated = (handler: unknown): boolean => typeof handler === 'function' && (handler as unknown as Record<symbol, unknown>)[GATED] === true;
