import type { Request } from 'express';
import type { AppContext } from '../context';
import { publicUser } from '../features/auth/user-repository';
import { abilitiesOf } from '../features/organizations/policy';
import { userOrganizations } from '../features/organizations/tenancy';
import { preloadedSwitcher } from './identity';
import { realtimeClientConfig } from './realtime-client-config';
import { sessionBridge } from './session-bridge';

/**
 * Props every page receives; their shape is typed once for the client in resources/js/types.
 * Each is resolved only when the page sends it (a full visit, or a partial reload naming it),
 * and the switcher's list normally comes with the session's own query.
 */
export function sharedProps(ctx: AppContext, req: Request): Record<string, unknown> {
  return {
    appName: ctx.config.APP_NAME,
    auth: async () => {
      const user = req.user;
      const org = req.organization;
      return {
        user: user ? publicUser(user) : null,
        organization: org ? { id: org.id, name: org.name, slug: org.slug, role: org.role } : null,
        organizations: user ? (preloadedSwitcher(req, user.id) ?? (await userOrganizations(ctx.db, user.id))) : [],
        can: abilitiesOf(org ? org.role : null, !!user?.is_platform_admin && !!org),
      };
    },
    flash: () => sessionBridge.flash(req),
    realtime: () => realtimeClientConfig(ctx.config),
  };
}
