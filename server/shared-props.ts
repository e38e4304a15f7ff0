import type { Request } from 'express';
import type { AppContext } from './context';
import { publicUser } from './features/auth/user-repository';
import { abilitiesOf } from './tenancy/policy';
import { userOrganizations } from './tenancy/repository';
import { realtimeClientConfig } from './http/realtime-client-config';
import { sessionBridge } from './http/session-bridge';

/** The toasts a page shows (written by session-bridge's `flash(req, type, message)`). */
export type FlashMessages = Partial<Record<'success' | 'error' | 'info', string>>;

/**
 * Props every page receives. Their type for the client (resources/js/types `SharedProps`) is derived
 * from this function's return type, so the two cannot drift.
 */
export async function sharedProps(ctx: AppContext, req: Request) {
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
    flash: sessionBridge.flash(req) as FlashMessages,
    realtime: realtimeClientConfig(ctx.config),
  };
}
