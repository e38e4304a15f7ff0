import { presentActivity } from '../activity/presenter';
import { recentActivity } from '../activity/repository';
import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { currentOrganization } from '../../tenancy/current';
import { authorize } from '../../tenancy/guard';
import { PLANS } from '../../account/plans';
import { presentUsage } from '../subscriptions/presenter';
import { findSubscription } from '../subscriptions/repository';
import * as repo from './repository';
import { addCalendarDays, lastWeekStarts, localDate, safeTimeZone } from '../../account/time-zone';
import { defer } from '../../inertia';
import { msg } from '../../i18n/message';

export function dashboardController(ctx: AppContext) {
  return {
    async show(req: Request, res: Response) {
      authorize(req, 'read');
      const org = currentOrganization(req);
      const now = ctx.clock.now();
      const timeZone = safeTimeZone(req.user?.timezone);
      const weeks = lastWeekStarts(now, timeZone, 12);
      // Four queries, whatever the size of the organisation.
      const [counts, perWeek, activity, subscription] = await Promise.all([
        repo.dashboardCounts(ctx.db, org.id, now),
        repo.publishedPerWeek(ctx.db, org.id, weeks, timeZone),
        recentActivity(ctx.db, org.id, 10),
        findSubscription(ctx.db, org.id),
      ]);
      const plan = PLANS[subscription && subscription.status !== 'ended' ? subscription.plan : 'free'];
      const usage = {
        members: counts.members + counts.pendingInvitations,
        pendingInvitations: counts.pendingInvitations,
        boardUsers: counts.boardUsers.active + counts.boardUsers.inactive,
        insights: counts.insights.draft + counts.insights.published + counts.insights.archived,
        publicLinks: counts.publicLinks,
        portalMembers: counts.portalMembers,
      };
      await res.inertia.render(
        'Dashboard',
        {
          counts,
          publishedPerWeek: perWeek,
          recentActivity: activity.map(presentActivity),
          subscription: subscription ? { plan: subscription.plan, plan_name: plan.name, status: subscription.status, trial_ends_at: subscription.trial_ends_at, ends_at: subscription.ends_at } : null,
          usage: presentUsage(plan, usage),
          // After the page: the figures above stay four queries.
          termsEnding: defer(() => {
            const today = localDate(now, timeZone);
            return repo.termsEnding(ctx.db, org.id, today, addCalendarDays(today, repo.TERMS_WINDOW_DAYS));
          }),
        },
        { title: msg('messages.titles.dashboard') },
      );
    },
  };
}
