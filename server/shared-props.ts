import type { Request } from 'express';
import type { AppContext } from './context';
import { publicUser } from './account/user-repository';
import { abilitiesOf } from './tenancy/policy';
import { userOrganizations } from './tenancy/repository';
import { preloadedSwitcher } from './tenancy/identity';
import { realtimeClientConfig } from './http/realtime-client-config';
import { sessionBridge } from './http/session-bridge';
import { requestLocale } from './i18n/locale';
import { admits } from './tenancy/gate';

/** The toasts a page shows (written by session-bridge's `flash(req, type, message)`). */
export type FlashMessages = Partial<Record<'success' | 'error' | 'info', string>>;

/**
 * Props every page receives. Their type for the client (resources/js/types `SharedProps`) is derived
 * from this function's return type, so the two cannot drift. Each is resolved only when the page
 * sends it (a full visit, or a partial reload naming it), and the switcher's list normally comes
 * with the session's own query.
 */
export function sharedProps(ctx: AppContext, req: Request) {
  return {
    appName: ctx.config.APP_NAME,
    /** The interface language (`en-US`, `de`, `fr`): the pages load its catalogs; `<html lang>`. */
    locale: requestLocale(req),
    auth: async () => {
      const user = req.user;
      const org = req.organization;
      return {
        user: user ? publicUser(user) : null,
        // `admitted` false: the organisation requires a second factor this member lacks (tenancy/gate.ts),
        // so the page opens none of its live channels.
        organization: org ? { id: org.id, name: org.name, slug: org.slug, role: org.role, admitted: admits(org) } : null,
        organizations: user ? (preloadedSwitcher(req, user.id) ?? (await userOrganizations(ctx.db, user.id))) : [],
        can: abilitiesOf(org ? org.role : null, !!user?.is_platform_admin && !!org),
      };
    },
    /** The signed-in board member (portal pages): their own address and the organisations whose boards they serve. */
    portal: () => {
      const portal = req.portal;
      if (!portal) return null;
      return {
        member: { id: portal.member.id, email: portal.member.email },
        organizations: portal.records.map((r) => ({ id: r.organization_id, name: r.organization_name, slug: r.organization_slug, named_read_receipts: r.named_read_receipts })),
      };
    },
    flash: () => sessionBridge.flash(req) as FlashMessages,
    realtime: () => realtimeClientConfig(ctx.config),
  };
}
