import { Head, router, usePage } from '@inertiajs/react';
import { useState, type ReactNode } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { cx } from '@/Components/cx';
import { Icon, type IconName } from '@/Components/Icon';
import { PageHeader } from '@/Components/PageHeader';
import { UsageBar } from '@/Components/UsageBar';
import { useFormatters } from '@/hooks/useFormatters';
import { useLiveReload } from '@/hooks/useRealtime';
import { STATUS_LABELS, STATUS_TONES, usageLabel, type PlanSummary, type SubscriptionView, type UsageItem } from './Partials/labels';

export interface SubscriptionShowProps {
  subscription: SubscriptionView;
  plan: PlanSummary;
  usage: UsageItem[];
  pendingInvitations: number;
  provider: { name: string; label: string };
}

const DAY_MS = 86_400_000;

export default function Show({ subscription: s, plan, usage, pendingInvitations, provider }: SubscriptionShowProps) {
  const { auth, errors } = usePage<{ errors: Record<string, string> }>().props;
  const { date, money, number } = useFormatters();
  const [confirming, setConfirming] = useState(false);
  const [processing, setProcessing] = useState<'cancel' | 'resume' | null>(null);
  const manage = auth.can.manageSubscription;
  // A plan change, cancel or resume by another admin (or the scheduler) shows up here live.
  useLiveReload(['SubscriptionChanged'], ['subscription', 'plan', 'usage', 'pendingInvitations']);

  const post = (action: 'cancel' | 'resume') =>
    router.post(`/subscription/${action}`, {}, {
      preserveScroll: true,
      onStart: () => setProcessing(action),
      onFinish: () => {
        setProcessing(null);
        setConfirming(false);
      },
    });

  const daysLeft = s.trial_ends_at ? Math.max(0, Math.ceil((new Date(s.trial_ends_at).getTime() - Date.now()) / DAY_MS)) : null;
  const price = plan.price_cents ? `${money(plan.price_cents)} per month` : 'Free';

  return (
    <>
      <Head title="Subscription" />
      <PageHeader
        title="Subscription"
        description="Your organization’s plan, what it allows, and how much of it you use."
        actions={
          <>
            <Button href="/subscription/history" variant="secondary" icon="clock">
              History
            </Button>
            {manage && s.can.changePlan ? (
              <Button href="/subscription/edit" icon="card">
                Change plan
              </Button>
            ) : null}
          </>
        }
      />

      {errors.subscription ? (
        <div role="alert" className="mb-6 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-200">
          <Icon name="alert" className="mt-px size-5 shrink-0" />
          <p>{errors.subscription}</p>
        </div>
      ) : null}

      <StatusNotice subscription={s} planName={plan.name} daysLeft={daysLeft}>
        {s.status === 'canceled' && s.can.resume && manage ? (
          <Button size="sm" onClick={() => post('resume')} processing={processing === 'resume'}>
            Resume subscription
          </Button>
        ) : (s.status === 'trialing' || s.status === 'ended' || s.status === 'past_due') && manage ? (
          <Button size="sm" href="/subscription/edit">
            Choose a plan
          </Button>
        ) : null}
      </StatusNotice>

      <div className="grid gap-6 lg:grid-cols-5">
        <Card
          className="lg:col-span-3"
          title="Current plan"
          footer={
            manage && s.can.cancel ? (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-slate-600 dark:text-slate-400">Canceling keeps the plan until the end of the {s.status === 'trialing' ? 'trial' : 'period'}; you can resume until then.</p>
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  Cancel subscription
                </Button>
              </div>
            ) : undefined
          }
        >
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-2">
            <p className="text-2xl font-semibold text-slate-900 dark:text-white">{plan.name}</p>
            <Badge tone={STATUS_TONES[s.status]} dot>
              {STATUS_LABELS[s.status]}
            </Badge>
            <p className="text-sm text-slate-600 dark:text-slate-400">{price}</p>
          </div>
          <dl className="mt-5 grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
            {s.status === 'trialing' && s.trial_ends_at ? <Item term="Trial ends">{date(s.trial_ends_at)}</Item> : null}
            {s.current_period_start && s.status !== 'trialing' ? (
              <Item term="Current period">
                {s.current_period_end ? `${date(s.current_period_start)} – ${date(s.current_period_end)}` : `Since ${date(s.current_period_start)}`}
              </Item>
            ) : null}
            {s.status === 'active' && s.current_period_end && plan.price_cents ? <Item term="Renews on">{date(s.current_period_end)}</Item> : null}
            {s.status === 'canceled' && s.ends_at ? <Item term="Ends on">{date(s.ends_at)}</Item> : null}
            {s.canceled_at ? <Item term="Canceled on">{date(s.canceled_at)}</Item> : null}
            <Item term="Billing">
              {provider.label}
              <span className="mt-1 block text-slate-600 dark:text-slate-400">
                {provider.name === 'manual' ? 'Amounts are recorded in the history and invoiced separately; no card is charged here.' : null}
              </span>
            </Item>
          </dl>
        </Card>

        <Card className="lg:col-span-2" title="Usage" description={`Against the limits of the ${plan.name} plan.`}>
          <div className="space-y-5">
            {usage.map((u) => (
              <UsageBar key={u.key} label={usageLabel(u)} used={u.used} limit={u.limit} />
            ))}
          </div>
          {pendingInvitations ? (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
              Members include {number(pendingInvitations)} open invitation{pendingInvitations === 1 ? '' : 's'}.
            </p>
          ) : null}
        </Card>
      </div>

      <ConfirmDialog
        open={confirming}
        title="Cancel the subscription?"
        description={
          <>
            {plan.name} stays available until {date(s.status === 'trialing' ? s.trial_ends_at : s.status === 'past_due' ? new Date().toISOString() : s.current_period_end)}. After that the
            organisation moves to the Free plan. You can resume until then.
          </>
        }
        confirmLabel="Cancel subscription"
        cancelLabel="Keep it"
        processing={processing === 'cancel'}
        onConfirm={() => post('cancel')}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="mt-1 text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function StatusNotice({ subscription: s, planName, daysLeft, children }: { subscription: SubscriptionView; planName: string; daysLeft: number | null; children?: ReactNode }) {
  const { date } = useFormatters();
  let tone: 'info' | 'warning' | 'danger' | 'neutral';
  let icon: IconName;
  let text: ReactNode;
  if (s.status === 'trialing' && s.trial_ends_at) {
    tone = 'info';
    icon = 'clock';
    text = (
      <>
        Your {planName} trial ends on <strong>{date(s.trial_ends_at)}</strong> ({daysLeft === 1 ? '1 day' : `${daysLeft} days`} left). Choose a plan before then, or the organization moves
        to the Free plan.
      </>
    );
  } else if (s.status === 'canceled' && s.ends_at) {
    tone = 'warning';
    icon = 'alert';
    text = s.on_grace_period ? (
      <>
        The subscription is canceled. {planName} stays available until <strong>{date(s.ends_at)}</strong>; resume it before then to keep it.
      </>
    ) : (
      <>The subscription was canceled and its grace period is over.</>
    );
  } else if (s.status === 'past_due') {
    tone = 'danger';
    icon = 'alert';
    text = <>The last payment was not received. The subscription ends a week after the unpaid period unless it is paid.</>;
  } else if (s.status === 'ended') {
    tone = 'neutral';
    icon = 'info';
    text = <>The subscription has ended and the organization is on the Free plan. Choose a plan to subscribe again.</>;
  } else {
    return null;
  }
  const tones = {
    info: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-400/30 dark:bg-sky-400/10 dark:text-sky-100',
    warning: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100',
    danger: 'border-red-200 bg-red-50 text-red-900 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-100',
    neutral: 'border-slate-200 bg-white text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200',
  };
  return (
    <div className={cx('mb-6 flex flex-col gap-3 rounded-lg border px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between', tones[tone])}>
      <div className="flex items-start gap-2">
        <Icon name={icon} className="mt-px size-5 shrink-0" />
        <p>{text}</p>
      </div>
      {children ? <div className="shrink-0">{children}</div> : null}
    </div>
  );
}
