import type { Express } from 'express';
import type { AppContext } from './context';
import { authRoutes } from './features/auth/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { subscriptionRoutes } from './features/subscriptions/routes';
import { settingsRoutes } from './features/settings/routes';
import { historyRoutes } from './features/history/routes';
import { pageRoutes } from './features/pages/routes';
import { profileRoutes } from './features/profile/routes';
import { organizationRoutes } from './features/organizations/routes';
import { memberRoutes, trackLastActive } from './features/members/routes';
import { invitationRoutes } from './features/invitations/routes';
import { boardUserRoutes } from './features/board-users/routes';
import { insightRoutes } from './features/insights/routes';
import { publicInsightRoutes } from './features/public-insights/routes';
import { broadcastingRoutes } from './features/broadcasting/routes';
import { activityRoutes } from './features/activity/routes';
import { twoFactorRoutes } from './features/two-factor/routes';
import { browserSessionRoutes } from './features/browser-sessions/routes';
import { passkeyRoutes } from './features/passkeys/routes';
import { requireTwoFactorSetup } from './features/two-factor/requirement';

/** Every feature's routes, in one list (order matters only for overlapping paths). */
export function registerRoutes(app: Express, ctx: AppContext): void {
  app.use(trackLastActive(ctx)); // members: memberships.last_active_at, once a minute
  app.use(requireTwoFactorSetup(ctx)); // an organisation that requires two factors: set up first
  app.use(pageRoutes(ctx));
  app.use(authRoutes(ctx));
  app.use(twoFactorRoutes(ctx));
  app.use(browserSessionRoutes(ctx));
  app.use(passkeyRoutes(ctx));
  app.use(profileRoutes(ctx));
  app.use(organizationRoutes(ctx));
  app.use(activityRoutes(ctx));
  app.use(memberRoutes(ctx));
  app.use(invitationRoutes(ctx));
  app.use(dashboardRoutes(ctx));
  app.use(subscriptionRoutes(ctx));
  app.use(settingsRoutes(ctx));
  app.use(historyRoutes(ctx));
  app.use(boardUserRoutes(ctx));
  app.use(insightRoutes(ctx));
  app.use(publicInsightRoutes(ctx));
  app.use(broadcastingRoutes(ctx));
}
