import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { actingIn } from '../../tenancy/from-request';
import { flash } from '../../http/session-bridge';
import { validate } from '../../lib/validation';
import { orFail } from '../../errors';
import { currentOrganization } from '../../tenancy/current';
import { authorize } from '../../tenancy/guard';
import { downgradeMessage, exceededLimits, usageOf } from '../../account/limits';
import { PLANS } from '../../account/plans';
import { versionSchema } from '../../lib/concurrency';
import { allPlans, presentPlan, presentSubscription, presentUsage } from './presenter';
import * as repo from './repository';
import { changePlanSchema, historyQuerySchema } from './schema';
import * as service from './service';
import { localize, msg } from '../../i18n/message';
import { requestLocale } from '../../i18n/locale';
import { route } from '../../../shared/routes';

export const HISTORY_PER_PAGE = 20;

export function subscriptionsController(ctx: AppContext) {
  async function load(req: Request) {
    const org = currentOrganization(req);
    const now = ctx.clock.now();
    const [subscription, usage] = await Promise.all([repo.findSubscription(ctx.db, org.id), usageOf(ctx.db, org.id, now)]);
    return { org, now, subscription: orFail(subscription), usage };
  }

  return {
    async show(req: Request, res: Response) {
      authorize(req, 'read');
      const { subscription, usage, now } = await load(req);
      const plan = PLANS[subscription.plan];
      await res.inertia.render(
        'Subscriptions/Show',
        {
          subscription: presentSubscription(subscription, now),
          plan: presentPlan(plan),
          usage: presentUsage(plan, usage),
          pendingInvitations: usage.pendingInvitations,
          provider: { name: subscription.provider },
        },
        { title: msg('messages.titles.subscription') },
      );
    },

    async edit(req: Request, res: Response) {
      authorize(req, 'manageSubscription');
      const { subscription, usage, now } = await load(req);
      const plans = allPlans().map((p) => {
        const exceeded = exceededLimits(PLANS[p.id], usage);
        return { ...p, fits: exceeded.length === 0, blocked_reason: exceeded.length ? localize(requestLocale(req), downgradeMessage(PLANS[p.id], usage, exceeded)) : null };
      });
      await res.inertia.render(
        'Subscriptions/Edit',
        { subscription: presentSubscription(subscription, now), plans, usage: presentUsage(PLANS[subscription.plan], usage) },
        { title: msg('messages.titles.changePlan') },
      );
    },

    async update(req: Request, res: Response) {
      authorize(req, 'manageSubscription');
      const { plan } = validate(changePlanSchema, req.body);
      const { version } = validate(versionSchema, req.body);
      const after = await service.changePlan(ctx, actingIn(req), plan, version);
      flash(req, 'success', msg('messages.subscriptions.changed', { plan: PLANS[after.plan].name }));
      res.redirect(303, route('subscription.show'));
    },

    async cancel(req: Request, res: Response) {
      authorize(req, 'manageSubscription');
      const after = await service.cancelSubscription(ctx, actingIn(req), validate(versionSchema, req.body).version);
      flash(req, 'success', msg('messages.subscriptions.canceled', { plan: PLANS[after.plan].name, date: service.humanDate(after.ends_at!, req.user) }));
      res.redirect(303, route('subscription.show'));
    },

    async resume(req: Request, res: Response) {
      authorize(req, 'manageSubscription');
      const after = await service.resumeSubscription(ctx, actingIn(req), validate(versionSchema, req.body).version);
      flash(req, 'success', msg('messages.subscriptions.resumed', { plan: PLANS[after.plan].name }));
      res.redirect(303, route('subscription.show'));
    },

    async history(req: Request, res: Response) {
      authorize(req, 'read');
      const org = currentOrganization(req);
      const { page } = validate(historyQuerySchema, req.query);
      const events = await repo.subscriptionEventList(ctx.db, { organizationId: org.id }, { page, perPage: HISTORY_PER_PAGE, path: route('subscription.history'), query: {} });
      await res.inertia.render(
        'Subscriptions/History',
        {
          events: {
            ...events,
            data: events.data.map((e) => ({
              id: e.id,
              event: e.event,
              from_plan: e.from_plan,
              to_plan: e.to_plan,
              from_status: e.from_status,
              to_status: e.to_status,
              amount_cents: e.amount_cents,
              currency: e.currency,
              reference: e.reference,
              actor: e.actor_name ?? null,
              created_at: e.created_at,
            })),
          },
        },
        { title: msg('messages.titles.subscriptionHistory') },
      );
    },
  };
}
