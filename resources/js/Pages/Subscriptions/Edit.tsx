import { Head } from '@inertiajs/react';
import { useState, type FormEvent, useEffect } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { Card } from '@/Components/Card';
import { cx } from '@/Components/cx';
import { Icon } from '@/Components/Icon';
import { alertIcon } from '@/Components/icons/alert';
import { checkCircleIcon } from '@/Components/icons/check-circle';
import { checkIcon } from '@/Components/icons/check';
import { xIcon } from '@/Components/icons/x';
import { PageHeader } from '@/Components/PageHeader';
import { useFormatters } from '@/hooks/useFormatters';
import { LIMIT_KEYS, limitText, lowerLimits, type PlanId, type PlanSummary, type SubscriptionView, type UsageItem } from './Partials/labels';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface SubscriptionEditProps {
  subscription: SubscriptionView;
  plans: (PlanSummary & { fits: boolean; blocked_reason: string | null })[];
  usage: UsageItem[];
}

export default function Edit({ subscription: s, plans }: SubscriptionEditProps) {
  const { money, number } = useFormatters();
  const t = useT();
  const current = s.status === 'active' ? s.plan : null;
  const form = useAppForm<{ plan: PlanId; version: string }>({ plan: s.status === 'active' ? s.plan : s.status === 'trialing' ? s.plan : 'team', version: s.version });
  // Refused because the subscription changed since this page was opened: the page now shows it as
  // it is; the next save is checked against that.
  // biome-ignore lint/correctness/useExhaustiveDependencies: form.setData is a new function each render; the effect reacts to the refusal and the fresh version only
  useEffect(() => {
    if (form.errors.version) form.setData('version', s.version);
  }, [form.errors.version, s.version]);
  const chosen = plans.find((p) => p.id === form.data.plan)!;
  const [confirming, setConfirming] = useState(false);
  // What is paid now: nothing during a trial or on Free.
  const payingNow = s.status === 'active' ? (plans.find((p) => p.id === s.plan)?.price_cents ?? 0) : 0;
  const costsMore = chosen.price_cents > payingNow;
  // Choosing the plan being trialled ends the trial and starts paying for it today.
  const endsTrial = s.status === 'trialing' && chosen.id === s.plan;
  // What the organisation may use today (a trial's plan while it lasts; after the end, Free).
  const inForce = plans.find((p) => p.id === (s.status === 'ended' ? 'free' : s.plan))!;
  // Allowing less, or ending the trial for a smaller plan, is confirmed as paying more is.
  const lowered = chosen.id === current ? [] : lowerLimits(inForce.limits, chosen.limits);
  const downgrades = !costsMore && lowered.length > 0;
  const label =
    form.data.plan === current
      ? t('subscriptions.edit.currentPlan')
      : endsTrial
        ? t('subscriptions.edit.subscribeNow', { plan: chosen.name })
        : t('subscriptions.edit.switchTo', { plan: chosen.name });
  // A refusal the page already shows on the plan's card is not printed a second time.
  const footerError = form.errors.version ?? (form.errors.plan && form.errors.plan !== chosen.blocked_reason ? form.errors.plan : null);

  const send = () => form.put(route('subscription.update'), { preserveScroll: true, onFinish: () => setConfirming(false) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Paying more, or getting less, is confirmed first, as canceling is.
    if (costsMore || downgrades) setConfirming(true);
    else send();
  };

  return (
    <>
      <Head title={t('subscriptions.edit.title')} />
      <PageHeader back={{ href: route('subscription.show'), label: t('subscriptions.show.title') }} title={t('subscriptions.edit.title')} description={t('subscriptions.edit.description')} />

      <form onSubmit={submit} noValidate>
        <Card
          title={t('subscriptions.edit.plans')}
          footer={
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-h-5 text-sm" aria-live="polite">
                {footerError ? (
                  <p id="plan-error" role="alert" className="flex items-start gap-1.5 font-medium text-red-700 dark:text-red-300">
                    <Icon icon={alertIcon} className="mt-px size-4 shrink-0" />
                    {footerError}
                  </p>
                ) : s.status === 'canceled' ? (
                  <p className="text-slate-600 dark:text-slate-400">{t('subscriptions.edit.resumeFirst')}</p>
                ) : endsTrial ? (
                  <p id="plan-note" className="text-slate-600 dark:text-slate-400">
                    {t('subscriptions.edit.endsTrialNote', { plan: chosen.name, price: money(chosen.price_cents) })}
                  </p>
                ) : null}
              </div>
              <Button
                type="submit"
                processing={form.processing}
                disabled={form.data.plan === current || s.status === 'canceled' || !chosen.fits}
                aria-describedby={!chosen.fits ? `plan-${chosen.id}-blocked` : endsTrial ? 'plan-note' : undefined}
              >
                {label}
              </Button>
            </div>
          }
        >
          <fieldset aria-describedby={footerError ? 'plan-error' : undefined}>
            <legend className="sr-only">{t('subscriptions.edit.choosePlan')}</legend>
            <div className="grid gap-4 md:grid-cols-3">
              {plans.map((p) => {
                const selected = form.data.plan === p.id;
                return (
                  <label
                    key={p.id}
                    className={cx(
                      'relative flex cursor-pointer flex-col rounded-xl border p-5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                      selected
                        ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500 dark:border-brand-400 dark:bg-brand-400/10 dark:ring-brand-400'
                        : 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600',
                    )}
                  >
                    <input type="radio" name="plan" value={p.id} checked={selected} onChange={() => form.setData('plan', p.id)} className="sr-only" aria-describedby={`plan-${p.id}-details`} />
                    <span className="flex min-h-6 items-center justify-between gap-2">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="text-base font-semibold text-slate-900 dark:text-white">{p.name}</span>
                        {p.id === current ? (
                          <Badge tone="success">{t('subscriptions.edit.current')}</Badge>
                        ) : s.status === 'trialing' && p.id === s.plan ? (
                          <Badge tone="info">{t('subscriptions.edit.onTrial')}</Badge>
                        ) : null}
                      </span>
                      {selected ? <Icon icon={checkCircleIcon} className="size-6 shrink-0 text-brand-600 dark:text-brand-300" /> : null}
                    </span>
                    <span className="mt-2 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">
                      {p.price_cents ? money(p.price_cents) : money(0)}
                      <span className="text-sm font-normal text-slate-600 dark:text-slate-400"> {t('subscriptions.edit.perMonth')}</span>
                    </span>
                    <span id={`plan-${p.id}-details`} className="mt-4 block">
                      <ul className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
                        {LIMIT_KEYS.map((key) => (
                          <li key={key} className="flex items-center gap-2">
                            <Icon icon={p.limits[key] === 0 ? xIcon : checkIcon} className={cx('size-4 shrink-0', p.limits[key] === 0 ? 'text-slate-400' : 'text-emerald-600 dark:text-emerald-400')} />
                            {limitText(t, key, p.limits[key], (n) => number(n))}
                          </li>
                        ))}
                      </ul>
                      {!p.fits && p.blocked_reason ? (
                        <span id={`plan-${p.id}-blocked`} className="mt-4 flex items-start gap-1.5 text-sm text-amber-800 dark:text-amber-200">
                          <Icon icon={alertIcon} className="mt-px size-4 shrink-0" />
                          <span>{p.blocked_reason}</span>
                        </span>
                      ) : null}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        </Card>
      </form>
      <ConfirmDialog
        open={confirming}
        tone="primary"
        title={
          downgrades
            ? t('subscriptions.edit.confirm.downgradeTitle', { plan: chosen.name })
            : endsTrial
              ? t('subscriptions.edit.confirm.subscribeTitle', { plan: chosen.name })
              : t('subscriptions.edit.confirm.switchTitle', { plan: chosen.name })
        }
        description={
          downgrades
            ? t(s.status === 'trialing' ? 'subscriptions.edit.confirm.downgradeEndsTrial' : 'subscriptions.edit.confirm.downgrade', {
                plan: chosen.name,
                trial: inForce.name,
                limits: lowered.map((key) => limitText(t, key, chosen.limits[key], (n) => number(n))).join(' · '), // the plan cards' own wording, as a list
              })
            : endsTrial
              ? t('subscriptions.edit.confirm.endsTrial', { plan: chosen.name, price: money(chosen.price_cents) })
              : t('subscriptions.edit.confirm.change', { plan: chosen.name, price: money(chosen.price_cents) })
        }
        confirmLabel={label}
        cancelLabel={t('subscriptions.edit.confirm.notNow')}
        processing={form.processing}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
