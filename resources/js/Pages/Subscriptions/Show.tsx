import { Head, router, usePage } from '@inertiajs/react';
import { useState, type ReactNode } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { cx } from '@/Components/cx';
import { Icon, type IconGlyph } from '@/Components/Icon';
import { alertIcon } from '@/Components/icons/alert';
import { cardIcon } from '@/Components/icons/card';
import { clockIcon } from '@/Components/icons/clock';
import { infoIcon } from '@/Components/icons/info';
import { PageHeader } from '@/Components/PageHeader';
import { UsageBar } from '@/Components/UsageBar';
import { useFormatters } from '@/hooks/useFormatters';
import { useLiveReload } from '@/hooks/useRealtime';
import { Trans, useT } from '@/i18n';
import { statusLabel, STATUS_TONES, limitLabel, type PlanSummary, type SubscriptionView, type UsageItem } from './Partials/labels';
import { route } from '../../../../shared/routes';

export interface SubscriptionShowProps {
  subscription: SubscriptionView;
  plan: PlanSummary;
  usage: UsageItem[];
  pendingInvitations: number;
  provider: { name: string };
}

const DAY_MS = 86_400_000;

export default function Show({ subscription: s, plan, usage, pendingInvitations, provider }: SubscriptionShowProps) {
  const { auth, errors } = usePage<{ errors: Record<string, string> }>().props;
  const { date, money, number } = useFormatters();
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [processing, setProcessing] = useState<'cancel' | 'resume' | null>(null);
  const manage = auth.can.manageSubscription;
  // A plan change, cancel or resume by another admin (or the scheduler) shows up here live.
  useLiveReload(['SubscriptionChanged'], ['subscription', 'plan', 'usage', 'pendingInvitations']);

  const post = (action: 'cancel' | 'resume') =>
    // The version shown: if the subscription changed since (another admin, the scheduler), the server refuses.
    router.post(
      route(action === 'cancel' ? 'subscription.cancel' : 'subscription.resume'),
      { version: s.version },
      {
        preserveScroll: true,
        onStart: () => setProcessing(action),
        onFinish: () => {
          setProcessing(null);
          setConfirming(false);
        },
      },
    );

  const daysLeft = s.trial_ends_at ? Math.max(0, Math.ceil((new Date(s.trial_ends_at).getTime() - Date.now()) / DAY_MS)) : null;
  const price = plan.price_cents ? t('subscriptions.show.pricePerMonth', { price: money(plan.price_cents) }) : t('subscriptions.show.free');

  return (
    <>
      <Head title={t('subscriptions.show.title')} />
      <PageHeader
        title={t('subscriptions.show.title')}
        description={t('subscriptions.show.description')}
        actions={
          <>
            <Button href={route('subscription.history')} variant="secondary" icon={clockIcon}>
              {t('subscriptions.show.history')}
            </Button>
            {manage && s.can.changePlan ? (
              <Button href={route('subscription.edit')} icon={cardIcon}>
                {t('subscriptions.show.changePlan')}
              </Button>
            ) : null}
          </>
        }
      />

      {errors.subscription || errors.version ? (
        <div role="alert" className="mb-6 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-200">
          <Icon icon={alertIcon} className="mt-px size-5 shrink-0" />
          <p>{errors.subscription ?? errors.version}</p>
        </div>
      ) : null}

      <StatusNotice subscription={s} planName={plan.name} daysLeft={daysLeft}>
        {s.status === 'canceled' && s.can.resume && manage ? (
          <Button size="sm" onClick={() => post('resume')} processing={processing === 'resume'}>
            {t('subscriptions.show.resume')}
          </Button>
        ) : (s.status === 'trialing' || s.status === 'ended' || s.status === 'past_due') && manage ? (
          <Button size="sm" href={route('subscription.edit')}>
            {t('subscriptions.show.choosePlan')}
          </Button>
        ) : null}
      </StatusNotice>

      <div className="grid gap-6 lg:grid-cols-5">
        <Card
          className="lg:col-span-3"
          title={t('subscriptions.show.currentPlan')}
          footer={
            manage && s.can.cancel ? (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-slate-600 dark:text-slate-400">{s.status === 'trialing' ? t('subscriptions.show.cancelNoteTrial') : t('subscriptions.show.cancelNotePeriod')}</p>
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  {t('subscriptions.show.cancel')}
                </Button>
              </div>
            ) : undefined
          }
        >
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-2">
            <p className="text-2xl font-semibold text-slate-900 dark:text-white">{plan.name}</p>
            <Badge tone={STATUS_TONES[s.status]} dot>
              {statusLabel(t, s.status)}
            </Badge>
            <p className="text-sm text-slate-600 dark:text-slate-400">{price}</p>
          </div>
          <dl className="mt-5 grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
            {s.status === 'trialing' && s.trial_ends_at ? <Item term={t('subscriptions.show.trialEnds')}>{date(s.trial_ends_at)}</Item> : null}
            {s.current_period_start && s.status !== 'trialing' ? (
              <Item term={t('subscriptions.show.currentPeriod')}>
                {s.current_period_end
                  ? t('subscriptions.show.periodRange', { start: date(s.current_period_start), end: date(s.current_period_end) })
                  : t('subscriptions.show.since', { date: date(s.current_period_start) })}
              </Item>
            ) : null}
            {s.status === 'active' && s.current_period_end && plan.price_cents ? <Item term={t('subscriptions.show.renewsOn')}>{date(s.current_period_end)}</Item> : null}
            {s.status === 'canceled' && s.ends_at ? <Item term={t('subscriptions.show.endsOn')}>{date(s.ends_at)}</Item> : null}
            {s.canceled_at ? <Item term={t('subscriptions.show.canceledOn')}>{date(s.canceled_at)}</Item> : null}
            <Item term={t('subscriptions.show.billing')}>
              {t('subscriptions.show.provider', { provider: provider.name })}
              <span className="mt-1 block text-slate-600 dark:text-slate-400">{provider.name === 'manual' ? t('subscriptions.show.manualBilling') : null}</span>
            </Item>
          </dl>
        </Card>

        <Card className="lg:col-span-2" title={t('subscriptions.show.usage')} description={t('subscriptions.show.usageDescription', { plan: plan.name })}>
          <div className="space-y-5">
            {usage.map((u) => (
              <UsageBar key={u.key} label={limitLabel(t, u.key)} used={u.used} limit={u.limit} />
            ))}
          </div>
          {pendingInvitations ? (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t('subscriptions.show.pendingInvitations', { count: pendingInvitations, n: number(pendingInvitations) })}</p>
          ) : null}
        </Card>
      </div>

      <ConfirmDialog
        open={confirming}
        title={t('subscriptions.show.cancelDialog.title')}
        description={t('subscriptions.show.cancelDialog.description', {
          plan: plan.name,
          date: date(s.status === 'trialing' ? s.trial_ends_at : s.status === 'past_due' ? new Date().toISOString() : s.current_period_end),
        })}
        confirmLabel={t('subscriptions.show.cancel')}
        cancelLabel={t('subscriptions.show.cancelDialog.keep')}
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
  const t = useT();
  let tone: 'info' | 'warning' | 'danger' | 'neutral';
  let icon: IconGlyph;
  let text: ReactNode;
  if (s.status === 'trialing' && s.trial_ends_at) {
    tone = 'info';
    icon = clockIcon;
    text = <Trans id="subscriptions.notice.trial" values={{ plan: planName, date: date(s.trial_ends_at), days: daysLeft ?? 0 }} components={{ 0: <strong /> }} />;
  } else if (s.status === 'canceled' && s.ends_at) {
    tone = 'warning';
    icon = alertIcon;
    text = s.on_grace_period ? (
      <Trans id="subscriptions.notice.canceledGrace" values={{ plan: planName, date: date(s.ends_at) }} components={{ 0: <strong /> }} />
    ) : (
      t('subscriptions.notice.canceledOver')
    );
  } else if (s.status === 'past_due') {
    tone = 'danger';
    icon = alertIcon;
    text = t('subscriptions.notice.pastDue');
  } else if (s.status === 'ended') {
    tone = 'neutral';
    icon = infoIcon;
    text = t('subscriptions.notice.ended');
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
        <Icon icon={icon} className="mt-px size-5 shrink-0" />
        <p>{text}</p>
      </div>
      {children ? <div className="shrink-0">{children}</div> : null}
    </div>
  );
}
