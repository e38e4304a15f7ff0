import { Head, Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { Icon, type IconGlyph } from '@/Components/Icon';
import { arrowIcon } from '@/Components/icons/arrow';
import { chartIcon } from '@/Components/icons/chart';
import { checkCircleIcon } from '@/Components/icons/check-circle';
import { clockIcon } from '@/Components/icons/clock';
import { documentIcon } from '@/Components/icons/document';
import { linkIcon } from '@/Components/icons/link';
import { shieldIcon } from '@/Components/icons/shield';
import { usersIcon } from '@/Components/icons/users';
import { PublicLayout } from '@/Layouts/PublicLayout';
import { useT, type Translate } from '@/i18n';
import { route } from '../../../shared/routes';

const features = (t: Translate): { icon: IconGlyph; title: string; text: string }[] => [
  { icon: usersIcon, title: t('welcome.classic.features.directory.title'), text: t('welcome.classic.features.directory.text') },
  { icon: documentIcon, title: t('welcome.classic.features.insights.title'), text: t('welcome.classic.features.insights.text') },
  { icon: linkIcon, title: t('welcome.classic.features.links.title'), text: t('welcome.classic.features.links.text') },
  { icon: clockIcon, title: t('welcome.classic.features.activity.title'), text: t('welcome.classic.features.activity.text') },
  { icon: shieldIcon, title: t('welcome.classic.features.roles.title'), text: t('welcome.classic.features.roles.text') },
  { icon: chartIcon, title: t('welcome.classic.features.plans.title'), text: t('welcome.classic.features.plans.text') },
];

const steps = (t: Translate) => [
  { title: t('welcome.classic.steps.create.title'), text: t('welcome.classic.steps.create.text') },
  { title: t('welcome.classic.steps.people.title'), text: t('welcome.classic.steps.people.text') },
  { title: t('welcome.classic.steps.brief.title'), text: t('welcome.classic.steps.brief.text') },
];

export default function Welcome() {
  const user = usePage().props.auth?.user ?? null;
  const appName = usePage().props.appName || 'Boardly';
  const t = useT();
  return (
    <>
      <Head title={t('welcome.title')} />

      <section className="relative overflow-hidden border-b border-slate-200 dark:border-slate-800">
        <div
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,var(--color-brand-100),transparent)] dark:bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgb(236_183_82/0.12),transparent)]"
          aria-hidden="true"
        />
        <div className="relative mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1fr_22rem] lg:items-center lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{t('welcome.classic.hero.eyebrow')}</p>
            <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">{t('welcome.classic.hero.heading')}</h1>
            <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-600 dark:text-slate-300">{t('welcome.classic.hero.lead', { app: appName })}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
              {user ? (
                <Button href={route('dashboard')} size="lg" icon={arrowIcon}>
                  {t('welcome.actions.dashboard')}
                </Button>
              ) : (
                <>
                  <Button href={route('register', null, { intent: 'organization' })} size="lg">
                    {t('welcome.actions.createOrganization')}
                  </Button>
                  <Button href={route('login')} size="lg" variant="secondary">
                    {t('welcome.actions.signIn')}
                  </Button>
                </>
              )}
            </div>
            <p className="mt-5 text-sm text-slate-600 dark:text-slate-400">
              {t('welcome.classic.hero.orgHint')}{' '}
              <Link href={route('org-login')} className="rounded font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
                {t('welcome.actions.orgSignIn')} <span aria-hidden="true">→</span>
              </Link>
            </p>
          </div>
          <BriefingCard />
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="max-w-2xl">
          <h2 id="features-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t('welcome.classic.features.heading')}
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">{t('welcome.classic.features.lead')}</p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features(t).map((feature) => (
            <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-400/10 dark:text-brand-300">
                <Icon icon={feature.icon} className="size-5" />
              </span>
              <h3 className="mt-4 text-base font-semibold text-slate-900 dark:text-white">{feature.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-heading" className="border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <h2 id="how-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t('welcome.classic.steps.heading')}
          </h2>
          <ol className="mt-10 grid gap-8 md:grid-cols-3">
            {steps(t).map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-900 text-sm font-semibold text-brand-300 dark:bg-brand-400 dark:text-slate-900">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900 dark:text-white">{step.title}</h3>
                  <p className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-400">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="trust-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="trust-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
              {t('welcome.classic.trust.heading')}
            </h2>
            <p className="mt-3 text-slate-600 dark:text-slate-300">{t('welcome.classic.trust.lead', { app: appName })}</p>
          </div>
          <ul className="space-y-4">
            <Point>{t('welcome.classic.trust.points.separation')}</Point>
            <Point>{t('welcome.classic.trust.points.log')}</Point>
            <Point>{t('welcome.classic.trust.points.links')}</Point>
            <Point>{t('welcome.classic.trust.points.access')}</Point>
          </ul>
        </div>
      </section>

      <section className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
        <div className="mx-auto max-w-6xl rounded-2xl bg-slate-900 px-6 py-12 text-center sm:px-12 dark:bg-slate-900 dark:ring-1 dark:ring-slate-800">
          <h2 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{t('welcome.classic.cta.heading')}</h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-300">{t('welcome.classic.cta.lead')}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button href={user ? route('dashboard') : route('register')} size="lg">
              {user ? t('welcome.actions.openDashboard') : t('welcome.actions.createAccount')}
            </Button>
            {!user ? (
              <Button href={route('org-login')} size="lg" variant="secondary">
                {t('welcome.actions.orgSignIn')}
              </Button>
            ) : null}
          </div>
        </div>
      </section>
    </>
  );
}

/** Decorative: an insight as a board member receives it (hidden from assistive technology). */
function BriefingCard() {
  const t = useT();
  return (
    <div aria-hidden="true" className="hidden lg:block">
      <div className="rotate-1 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-center justify-between">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-600/20 dark:bg-brand-400/10 dark:text-brand-300">
            {t('welcome.classic.card.category')}
          </span>
          <span className="inline-flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
            <Icon icon={linkIcon} className="size-3.5" /> {t('welcome.classic.card.shared')}
          </span>
        </div>
        <p className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{t('welcome.classic.card.title')}</p>
        <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{t('welcome.classic.card.text')}</p>
        <div className="mt-4 space-y-2">
          <div className="h-2 w-full rounded-full bg-slate-100 dark:bg-slate-800" />
          <div className="h-2 w-5/6 rounded-full bg-slate-100 dark:bg-slate-800" />
          <div className="h-2 w-2/3 rounded-full bg-slate-100 dark:bg-slate-800" />
        </div>
        <div className="mt-6 flex items-center justify-between border-t border-slate-100 pt-4 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <span>{t('welcome.classic.card.audience', { count: 7 })}</span>
          <span>{t('welcome.classic.card.views', { count: 42 })}</span>
        </div>
      </div>
    </div>
  );
}

function Point({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <Icon icon={checkCircleIcon} className="mt-0.5 size-5 text-emerald-600 dark:text-emerald-400" />
      <span className="text-slate-700 dark:text-slate-300">{children}</span>
    </li>
  );
}

Welcome.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
