import type { Express } from 'express';
import type { AppContext } from './context';
import { mountByFirstSegment } from './http/path-dispatch';
import { pipeline } from './http/pipeline';
import { authRoutes } from './features/auth/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { subscriptionRoutes } from './features/subscriptions/routes';
import { settingsRoutes } from './features/settings/routes';
import { historyRoutes } from './features/history/routes';
import { pageRoutes } from './features/pages/routes';
import { profileRoutes } from './features/profile/routes';
import { organizationRoutes } from './features/organizations/routes';
import { apiTokenRoutes } from './features/api-tokens/routes';
import { userRoutes, trackLastActive } from './features/users/routes';
import { invitationRoutes } from './features/invitations/routes';
import { boardUserRoutes } from './features/board-users/routes';
import { portalAccessRoutes } from './features/portal-access/routes';
import { boardUserImportRoutes } from './features/board-user-import/routes';
import { insightRoutes } from './features/insights/routes';
import { publicInsightRoutes } from './features/public-insights/routes';
import { broadcastingRoutes } from './features/channel-auth/routes';
import { activityRoutes } from './features/activity/routes';
import { twoFactorRoutes } from './features/two-factor/routes';
import { browserSessionRoutes } from './features/browser-sessions/routes';
import { passkeyRoutes } from './features/passkeys/routes';
import { localeRoutes } from './features/locale/routes';
import { portalAuthRoutes } from './features/portal-auth/routes';
import { portalSettingsRoutes } from './features/portal-settings/routes';
import { portalRoutes } from './features/portal/routes';
import { webhookRoutes } from './features/webhooks/routes';
import { currentOrganizationGate } from './tenancy/gate';

/**
 * Every feature's routes, in one list (order matters only for overlapping paths). A request
 * walks only the routers with a route under its first path segment (http/path-dispatch.ts).
 */
export function registerRoutes(app: Express, ctx: AppContext): void {
  app.use(
    pipeline(
      trackLastActive(ctx), // members: memberships.last_active_at, once a minute
      currentOrganizationGate(), // the session's organisation's own rules (two factors): tenancy/gate.ts
    ),
  );
  app.use(
    mountByFirstSegment([
      pageRoutes(ctx),
      authRoutes(ctx),
      portalAuthRoutes(ctx),
      localeRoutes(ctx),
      twoFactorRoutes(ctx),
      browserSessionRoutes(ctx),
      passkeyRoutes(ctx),
      profileRoutes(ctx),
      organizationRoutes(ctx),
      webhookRoutes(ctx),
      apiTokenRoutes(ctx),
      activityRoutes(ctx),
      userRoutes(ctx),
      invitationRoutes(ctx),
      dashboardRoutes(ctx),
      subscriptionRoutes(ctx),
      settingsRoutes(ctx),
      historyRoutes(ctx),
      boardUserImportRoutes(ctx), // before /board-users/:id
      portalAccessRoutes(ctx), // before /board-users/:id
      boardUserRoutes(ctx),
      insightRoutes(ctx),
      publicInsightRoutes(ctx),
      portalRoutes(ctx),
      broadcastingRoutes(ctx),
      portalSettingsRoutes(ctx),
    ]),
  );
}
