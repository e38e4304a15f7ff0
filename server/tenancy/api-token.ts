import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import { HttpError } from '../errors';
import { randomToken, sha256 } from '../lib/crypto';
import type { Actor } from '../lib/unit-of-work';
import { API_TOKEN_PREFIX, isApiAbility, type ApiAbility } from '../../shared/api-abilities';
import { findLiveToken, touchToken } from './api-token-repository';

/**
 * Organisation-owned API tokens (issue #28): `Authorization: Bearer bdly_…`. A token acts for its
 * organisation only, with its abilities, whoever made it and whether they are still a member. The
 * database keeps the secret's SHA-256 (256 random bits need no slow hash).
 */
export interface ApiTokenIdentity {
  id: number;
  name: string;
  organization: { id: number; name: string; slug: string; public_page_enabled: boolean };
  abilities: ApiAbility[];
}

declare global {
  namespace Express {
    interface Request {
      apiToken?: ApiTokenIdentity;
    }
  }
}

/** A new token: the secret (shown once), its hash (stored) and a hint to tell it apart in lists. */
export function generateApiToken(): { token: string; hash: string; hint: string } {
  const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  return { token, hash: sha256(token), hint: token.slice(0, API_TOKEN_PREFIX.length + 4) };
}

/** The bearer token a request carries (null: none, or not one of ours in shape). */
export function bearerToken(req: Request): string | null {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S{1,200})\s*$/i.exec(header) : null;
  return match?.[1].startsWith(API_TOKEN_PREFIX) ? match[1] : null;
}

/** The token's identity when the request carries a live one; undefined otherwise. */
export async function resolveApiToken(ctx: AppContext, req: Request): Promise<ApiTokenIdentity | undefined> {
  const token = bearerToken(req);
  if (!token) return undefined;
  const now = ctx.clock.now();
  const row = await findLiveToken(ctx.db, sha256(token), now);
  if (!row) return undefined;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > 60_000) {
    touchToken(ctx.db, row.id, now, req.ip ?? null).catch((error) => ctx.logger.warn({ err: error }, 'api token last-used write failed'));
  }
  return {
    id: row.id,
    name: row.name,
    organization: { id: row.organization_id, name: row.organization_name, slug: row.organization_slug, public_page_enabled: row.public_page_enabled },
    abilities: (Array.isArray(row.abilities) ? row.abilities : []).filter(isApiAbility),
  };
}

/** API routes: a live bearer token, else 401 (with the challenge RFC 6750 asks for). */
export function requireApiToken(ctx: AppContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    req.apiToken = await resolveApiToken(ctx, req);
    if (req.apiToken) return next();
    res.set('WWW-Authenticate', bearerToken(req) ? 'Bearer error="invalid_token"' : 'Bearer');
    next(new HttpError(401));
  };
}

/** One ability of the token's, else 403 (RFC 6750 `insufficient_scope`). */
export function requireAbility(ability: ApiAbility) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.apiToken?.abilities.includes(ability)) return next();
    res.set('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${ability}"`);
    next(new HttpError(403));
  };
}

/** The token acting, for the activity log: the token is the causer, never a user. */
export function apiActor(req: Request, token: ApiTokenIdentity): Actor {
  return { user: null, token: { id: token.id, name: token.name }, ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 500) ?? null };
}
