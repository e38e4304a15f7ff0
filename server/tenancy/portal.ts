import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import type { PortalMember } from '../db/types';
import { HttpError } from '../errors';
import type { Actor } from '../lib/unit-of-work';
import { msg } from '../i18n/message';
import { flash } from '../http/session-bridge';
import { route } from '../../shared/routes';
import { findPortalMember, findPortalRecords, touchPortalRecords, type PortalRecord } from './portal-repository';

/**
 * The board portal's identity (docs/product.md "Board members"): a session holds either a staff
 * user (`session.userId`) or a portal member (this key), never both. A portal member is never a
 * user: they reach no staff page (requireAuth answers them 403) and have no role anywhere.
 */
export const PORTAL_MEMBER_KEY = 'portal.member_id';

export interface PortalIdentity {
  member: PortalMember;
  /** The board-user records the member may act as, one per organisation (portal-repository.ts). */
  records: PortalRecord[];
}

declare global {
  namespace Express {
    interface Request {
      portal?: PortalIdentity;
    }
  }
}

export function portalMemberId(req: Request): number | null {
  const id = req.session.get<unknown>(PORTAL_MEMBER_KEY);
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/** Whether this session belongs to a board member (who must never be treated as a guest of the staff side). */
export const isPortalSession = (req: Request) => portalMemberId(req) !== null;

/** The portal page a guest asked for before signing in. */
const PORTAL_INTENDED = 'portal.intended';

/**
 * A portal session begins: a fresh session id (no fixation), no staff identity. Answers where to
 * go: the portal page asked for before signing in, else the portal's home.
 */
export function startPortalSession(req: Request, memberId: number): string {
  const intended = req.session.get<unknown>(PORTAL_INTENDED);
  req.session.invalidate();
  req.session.put(PORTAL_MEMBER_KEY, memberId);
  const home = route('portal.index');
  return typeof intended === 'string' && (intended === home || intended.startsWith(`${home}/`)) && !intended.startsWith('//') ? intended : home;
}

/** A portal session ends: a fresh, empty session. */
export function endPortalSession(req: Request): void {
  req.session.invalidate();
  req.portal = undefined;
}

/**
 * Loads the portal member and their records for the portal's routes. Access is asked of the
 * database on every request, so revoking it, making the board user inactive or deleting them
 * ends the session on its next request; a member with no record left is signed out.
 */
export function loadPortalMember(ctx: AppContext) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const id = portalMemberId(req);
    if (id === null) return next();
    const member = await findPortalMember(ctx.db, id);
    const records = member ? await findPortalRecords(ctx.db, member.id) : [];
    if (!member || records.length === 0) {
      endPortalSession(req);
      flash(req, 'info', msg('messages.portalAuth.accessEnded'));
      return next();
    }
    req.portal = { member, records };
    touchPortalRecords(
      ctx.db,
      records.filter((r) => !r.last_seen_at || ctx.clock.now().getTime() - r.last_seen_at.getTime() > 60_000).map((r) => r.board_user_id),
      ctx.clock.now(),
    ).catch((error) => ctx.logger.warn({ err: error }, 'portal last-seen write failed'));
    next();
  };
}

const wantsPage = (req: Request) => req.isInertia || req.accepts(['html', 'json']) === 'html';

/** Portal routes: a signed-in board member; anyone else goes to the organisation sign-in page. */
export function requirePortalMember(req: Request, res: Response, next: NextFunction) {
  if (req.portal) return next();
  if (!wantsPage(req)) return next(new HttpError(401, msg('messages.errors.unauthenticated')));
  if (req.method === 'GET' && !req.user) req.session.put(PORTAL_INTENDED, req.originalUrl);
  res.redirect(`${route('org-login')}?as=board`);
}

/** The signed-in portal member, for controllers after requirePortalMember. */
export function portalOf(req: Request): PortalIdentity {
  if (!req.portal) throw new HttpError(401);
  return req.portal;
}

/** The record the member holds in one organisation (404 when none: the organisation is not theirs). */
export function recordIn(portal: PortalIdentity, organizationId: number): PortalRecord {
  const record = portal.records.find((r) => r.organization_id === organizationId);
  if (!record) throw new HttpError(404);
  return record;
}

/** The board member acting, for the activity log: no staff causer, the request's address and browser. */
export function portalActor(req: Request): Actor {
  return { user: null, ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 500) ?? null };
}
