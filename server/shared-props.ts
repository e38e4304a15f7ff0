import type { Request } from 'express';
import type { AppContext } from './context';
import { publicUser } from './features/auth/user-repository';
import { abilitiesOf } from './tenancy/policy';
import { userOrganizations } from './tenancy/repository';
import { realtimeClientConfig } from './http/realtime-client-config';
import { sessionBridge } from './http/session-bridge';

/** Props every page receives; their shape is typed once for the client in resources/js/types. */
export async function sharedProps(ctx: AppContext, req: Request): Promise<Record<string, unknown>> {
  const user = req.user;
  const org = req.organization;
  return {
    appName: ctx.config.APP_NAME,
    auth: {
      user: user ? publicUser(user) : null,
      organization: org ? { id: org.id, name: org.name, slug: org.slug, role: org.role } : null,
      organizations: user ? await userOrganizations(ctx.db, user.id) : [],
      can: abilitiesOf(org ? org.role : null, !!user?.is_platform_admin && !!org),
    },
    flash: sessionBridge.flash(req),
    realtime: realtimeClientConfig(ctx.config),
  };
}
