import type { Request } from 'express';
import type { AppContext } from '../context';
import { currentOrganization } from '../tenancy/current';
import { can } from '../tenancy/policy';
import { limitStatus, type LimitName, type LimitStatus } from './limits';

/** The `limit` prop of a page that creates records of kind `limit` (its notice before the form). */
export function limitProp(ctx: AppContext, req: Request, limit: LimitName): Promise<LimitStatus> {
  const org = currentOrganization(req);
  const mayUpgrade = can(org.role, 'manageSubscription', !!req.user?.is_platform_admin);
  return limitStatus(ctx.db, org.id, limit, mayUpgrade, ctx.clock.now());
}
