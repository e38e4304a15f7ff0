import type { RequestHandler } from 'express';
import type { AppContext } from '../../context';
import { requireAuth, requireGuest, requireVerified } from './middleware';
import { requireOrganization } from '../../tenancy/current';

/** The middleware stacks routes choose from (docs/product.md "Routes"). */
export function guards(ctx: AppContext) {
  return {
    guest: [requireGuest] as RequestHandler[],
    signedIn: [requireAuth] as RequestHandler[],
    verified: [requireAuth, requireVerified] as RequestHandler[],
    inOrganization: [requireAuth, requireVerified, requireOrganization(ctx)] as RequestHandler[],
  };
}
