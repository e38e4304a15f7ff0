import { Head, Link, usePage } from '@inertiajs/react';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { Avatar } from '@/Components/Avatar';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { cx } from '@/Components/cx';
import { Icon, type IconGlyph } from '@/Components/Icon';
import { arrowIcon } from '@/Components/icons/arrow';
import { boltIcon } from '@/Components/icons/bolt';
import { buildingIcon } from '@/Components/icons/building';
import { checkIcon } from '@/Components/icons/check';
import { chevronDownIcon } from '@/Components/icons/chevron-down';
import { clockIcon } from '@/Components/icons/clock';
import { documentIcon } from '@/Components/icons/document';
import { linkIcon } from '@/Components/icons/link';
import { shieldIcon } from '@/Components/icons/shield';
import { usersIcon } from '@/Components/icons/users';
import { xIcon } from '@/Components/icons/x';
import { PublicLayout } from '@/Layouts/PublicLayout';
import { useFormatters } from '@/hooks/useFormatters';
import { Trans, useT, type Translate } from '@/i18n';
import { formatMoney } from '@/lib/format';
import { route } from '../../../shared/routes';

interface Plan {
  id: 'free' | 'team' | 'business';
  name: string;
  cents: number;
  blurb: string;
  limits: string[];
  publicLinks: boolean;
  featured?: boolean;
}

/** Limits as in docs/product.md § Subscriptions. */
const plans = (t: Translate): Plan[] => [
  {
    id: 'free',
    name: t('welcome.new.pricing.plans.free.name'),
    cents: 0,
    blurb: t('welcome.new.pricing.plans.free.blurb'),
    limits: [
      t('welcome.new.pricing.limits.members', { count: 3 }),
      t('welcome.new.pricing.limits.boardUsers', { count: 25 }),
      t('welcome.new.pricing.limits.insights', { count: 50 }),
      t('welcome.new.pricing.limits.activity'),
    ],
    publicLinks: false,
  },
  {
    id: 'team',
    name: t('welcome.new.pricing.plans.team.name'),
    cents: 2900,
    blurb: t('welcome.new.pricing.plans.team.blurb'),
    limits: [
      t('welcome.new.pricing.limits.members', { count: 10 }),
      t('welcome.new.pricing.limits.boardUsers', { count: 500 }),
      t('welcome.new.pricing.limits.unlimitedInsights'),
      t('welcome.new.pricing.limits.activity'),
    ],
    publicLinks: true,
    featured: true,
  },
  {
    id: 'business',
    name: t('welcome.new.pricing.plans.business.name'),
    cents: 9900,
    blurb: t('welcome.new.pricing.plans.business.blurb'),
    limits: [
      t('welcome.new.pricing.limits.unlimitedMembers'),
      t('welcome.new.pricing.limits.unlimitedBoardUsers'),
      t('welcome.new.pricing.limits.unlimitedInsights'),
      t('welcome.new.pricing.limits.activity'),
    ],
    publicLinks: true,
  },
];

/** Ordered so the two wide cards fill the three-column grid without holes (2+1 | 1+1+1 | 1+2). */
const features = (t: Translate): { icon: IconGlyph; title: string; text: string; wide?: boolean }[] => [
  { icon: usersIcon, title: t('welcome.new.features.directory.title'), text: t('welcome.new.features.directory.text'), wide: true },
  { icon: documentIcon, title: t('welcome.new.features.markdown.title'), text: t('welcome.new.features.markdown.text') },
  { icon: linkIcon, title: t('welcome.new.features.share.title'), text: t('welcome.new.features.share.text') },
  { icon: boltIcon, title: t('welcome.new.features.live.title'), text: t('welcome.new.features.live.text') },
  { icon: shieldIcon, title: t('welcome.new.features.roles.title'), text: t('welcome.new.features.roles.text') },
  { icon: buildingIcon, title: t('welcome.new.features.organizations.title'), text: t('welcome.new.features.organizations.text') },
  { icon: clockIcon, title: t('welcome.new.features.audit.title'), text: t('welcome.new.features.audit.text'), wide: true },
];

const faqs = (t: Translate): { id: string; q: string; a: ReactNode }[] => [
  { id: 'board-user', q: t('welcome.new.faq.boardUser.q'), a: t('welcome.new.faq.boardUser.a') },
  { id: 'trial', q: t('welcome.new.faq.trial.q'), a: t('welcome.new.faq.trial.a') },
  { id: 'limits', q: t('welcome.new.faq.limits.q'), a: t('welcome.new.faq.limits.a') },
  { id: 'sharing', q: t('welcome.new.faq.sharing.q'), a: t('welcome.new.faq.sharing.a') },
  { id: 'organizations', q: t('welcome.new.faq.organizations.q'), a: t('welcome.new.faq.organizations.a') },
  {
    id: 'retention',
    q: t('welcome.new.faq.retention.q'),
    a: <Trans id="welcome.new.faq.retention.a" components={{ 0: <Link href={route('privacy-policy')} className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300" /> }} />,
  },
];

export default function WelcomeNew() {
  const { props } = usePage();
  const user = props.auth?.user ?? null;
  const appName = props.appName || 'Boardly';
  const t = useT();
  const { i18n } = useLingui();
  const { money } = useFormatters();
  // Prices in the user's own locale; a guest's, in the page's language.
  const price = (cents: number) => (user ? money(cents, 'USD') : formatMoney(cents, 'USD', i18n.locale));
  const featureList = features(t);

  return (
    <>
      <Head title={t('welcome.title')} />

      {/* Hero */}
      <section className="relative isolate overflow-hidden">
        <div className="absolute inset-0 -z-10 bg-gradient-to-b from-brand-50 via-white to-white dark:from-slate-900 dark:via-slate-950 dark:to-slate-950" aria-hidden="true" />
        <div
          className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[linear-gradient(to_right,rgb(15_23_42/0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgb(15_23_42/0.05)_1px,transparent_1px)] bg-[size:3rem_3rem] [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)] dark:bg-[linear-gradient(to_right,rgb(255_255_255/0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.05)_1px,transparent_1px)]"
          aria-hidden="true"
        />
        <div className="mx-auto grid max-w-6xl gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:items-center lg:px-8 lg:pb-24">
          <div>
            <Badge tone="brand" dot>
              {t('welcome.new.hero.badge')}
            </Badge>
            <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
              <Trans id="welcome.new.hero.heading" components={{ 0: <span className="text-brand-600 dark:text-brand-400" /> }} />
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600 dark:text-slate-300">{t('welcome.new.hero.lead', { app: appName })}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              {user ? (
                <Button href={route('dashboard')} size="lg" icon={arrowIcon}>
                  {t('welcome.actions.dashboard')}
                </Button>
              ) : (
                <>
                  <Button href={route('register', null, { intent: 'organization' })} size="lg">
                    {t('welcome.actions.startFree')}
                  </Button>
                  <Button href={route('login')} size="lg" variant="secondary">
                    {t('welcome.actions.signIn')}
                  </Button>
                </>
              )}
            </div>
            <p className="mt-5 text-sm text-slate-600 dark:text-slate-400">
              <Link href={route('org-login')} className="inline-flex items-center gap-1 rounded font-semibold text-slate-900 hover:underline dark:text-white">
                {t('welcome.actions.orgSignIn')}
                <Icon icon={arrowIcon} className="size-4" />
              </Link>
            </p>
          </div>
          <ProductPreview />
        </div>
      </section>

      {/* Features */}
      <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{t('welcome.new.features.eyebrow')}</p>
          <h2 id="features" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
            {t('welcome.new.features.heading')}
          </h2>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-flow-dense lg:grid-cols-3">
          {featureList.map((feature, index) => (
            <li
              key={feature.title}
              className={cx(
                'group rounded-2xl border border-slate-200 bg-white p-6 transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900',
                feature.wide && 'lg:col-span-2',
                // Seven cards in two columns: the last one takes the whole row.
                index === featureList.length - 1 && 'sm:col-span-2',
              )}
            >
              <Icon icon={feature.icon} className="size-6 text-brand-600 dark:text-brand-400" />
              <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{feature.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* Pricing */}
      <section aria-labelledby="pricing" className="border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{t('welcome.new.pricing.eyebrow')}</p>
            <h2 id="pricing" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
              {t('welcome.new.pricing.heading')}
            </h2>
            <p className="mt-4 text-slate-600 dark:text-slate-300">{t('welcome.new.pricing.lead')}</p>
          </div>
          <ul className="mt-12 grid gap-6 lg:grid-cols-3">
            {plans(t).map((plan) => (
              <li
                key={plan.id}
                className={cx(
                  'relative flex flex-col rounded-2xl border bg-white p-6 sm:p-8 dark:bg-slate-900',
                  plan.featured ? 'border-brand-400 shadow-lg ring-1 ring-brand-400' : 'border-slate-200 dark:border-slate-800',
                )}
              >
                {plan.featured ? <span className="absolute -top-3 left-6 rounded-full bg-brand-400 px-3 py-0.5 text-xs font-semibold text-slate-900">{t('welcome.new.pricing.popular')}</span> : null}
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{plan.name}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{plan.blurb}</p>
                <p className="mt-6 flex items-baseline gap-1">
                  <span className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">{plan.cents ? price(plan.cents) : t('welcome.new.pricing.free')}</span>
                  {plan.cents ? <span className="text-sm text-slate-600 dark:text-slate-400">{t('welcome.new.pricing.perMonth')}</span> : null}
                </p>
                <ul className="mt-6 flex-1 space-y-3 text-sm" aria-label={t('welcome.new.pricing.includes', { plan: plan.name })}>
                  {plan.limits.map((limit) => (
                    <li key={limit} className="flex gap-2 text-slate-700 dark:text-slate-300">
                      <Icon icon={checkIcon} className="mt-0.5 size-4 text-emerald-600 dark:text-emerald-400" />
                      {limit}
                    </li>
                  ))}
                  <li className={cx('flex gap-2', plan.publicLinks ? 'text-slate-700 dark:text-slate-300' : 'text-slate-500 dark:text-slate-400')}>
                    <Icon icon={plan.publicLinks ? checkIcon : xIcon} className={cx('mt-0.5 size-4', plan.publicLinks ? 'text-emerald-600 dark:text-emerald-400' : 'text-slate-400')} />
                    {plan.publicLinks ? t('welcome.new.pricing.limits.publicLinks') : t('welcome.new.pricing.limits.noPublicLinks')}
                  </li>
                </ul>
                <Button href={user ? route('subscription.show') : route('register', null, { intent: 'organization' })} variant={plan.featured ? 'primary' : 'secondary'} block className="mt-8">
                  {user ? t('welcome.new.pricing.manage') : plan.id === 'free' ? t('welcome.actions.startFree') : t('welcome.new.pricing.try', { plan: plan.name })}
                </Button>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-400">{t('welcome.new.pricing.footnote')}</p>
        </div>
      </section>

      {/* FAQ */}
      <section aria-labelledby="faq" className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <h2 id="faq" className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {t('welcome.new.faq.heading')}
        </h2>
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {faqs(t).map((faq) => (
            <details key={faq.id} className="group px-5 py-4 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-medium text-slate-900 dark:text-white [&::-webkit-details-marker]:hidden">
                {faq.q}
                <Icon icon={chevronDownIcon} className="size-5 text-slate-400 transition-transform group-open:rotate-180" />
              </summary>
              <p className="mt-3 text-sm leading-6 text-slate-600 dark:text-slate-400">{faq.a}</p>
            </details>
          ))}
        </div>
      </section>

      {/* Closing call to action */}
      <section className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
        <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-brand-400 px-6 py-12 sm:px-12 sm:py-16">
          <div className="absolute -top-24 -right-24 size-72 rounded-full bg-brand-300/60 blur-2xl" aria-hidden="true" />
          <div className="relative flex flex-col gap-8 lg:flex-row lg:items-center lg:justify-between">
            <div>
              <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('welcome.new.cta.heading')}</h2>
              <p className="mt-2 text-slate-800">{t('welcome.new.cta.lead')}</p>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Link
                href={user ? route('dashboard') : route('register', null, { intent: 'organization' })}
                className="inline-flex h-12 items-center justify-center rounded-lg bg-slate-900 px-6 font-medium text-white hover:bg-slate-800 focus-visible:outline-slate-900"
              >
                {user ? t('welcome.actions.openDashboard') : t('welcome.actions.createOrganization')}
              </Link>
              {!user ? (
                <Link
                  href={route('login')}
                  className="inline-flex h-12 items-center justify-center rounded-lg border border-slate-900/20 px-6 font-medium text-slate-900 hover:bg-brand-300 focus-visible:outline-slate-900"
                >
                  {t('welcome.actions.signIn')}
                </Link>
              ) : null}
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

/** A decorative, static picture of the app (hidden from assistive technology). */
function ProductPreview() {
  const t = useT();
  const rows = [
    { name: 'Amara Okafor', role: t('welcome.new.preview.roles.chair'), board: 'Riverside Trust', tone: 'success' as const, status: t('welcome.new.preview.active') },
    { name: 'Henrik Lund', role: t('welcome.new.preview.roles.treasurer'), board: 'North Arts Fund', tone: 'success' as const, status: t('welcome.new.preview.active') },
    { name: 'Priya Raman', role: t('welcome.new.preview.roles.trustee'), board: 'Riverside Trust', tone: 'neutral' as const, status: t('welcome.new.preview.inactive') },
  ];
  return (
    <div aria-hidden="true" className="relative">
      <div className="absolute -inset-4 -z-10 rounded-3xl bg-brand-400/20 blur-2xl dark:bg-brand-400/10" />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-center gap-1.5 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <span className="size-2.5 rounded-full bg-slate-300 dark:bg-slate-700" />
          <span className="size-2.5 rounded-full bg-slate-300 dark:bg-slate-700" />
          <span className="size-2.5 rounded-full bg-slate-300 dark:bg-slate-700" />
          <span className="ml-3 text-xs text-slate-500 dark:text-slate-400">{t('welcome.new.preview.title')}</span>
        </div>
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row) => (
            <li key={row.name} className="flex items-center gap-3 px-4 py-3">
              <Avatar name={row.name} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{row.name}</p>
                <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                  {row.role} · {row.board}
                </p>
              </div>
              <Badge tone={row.tone}>{row.status}</Badge>
            </li>
          ))}
        </ul>
        <div className="border-t border-slate-200 bg-slate-50 px-4 py-3 dark:border-slate-800 dark:bg-slate-800/40">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{t('welcome.new.preview.activity')}</p>
          <ul className="mt-2 space-y-2 text-xs text-slate-600 dark:text-slate-300">
            <li className="flex items-center gap-2">
              <span className="size-1.5 rounded-full bg-emerald-500" />
              {t('welcome.new.preview.published', { name: 'Sam', title: t('welcome.new.preview.riskReview') })}
              <span className="ml-auto text-slate-500 dark:text-slate-400">{t('welcome.new.preview.justNow')}</span>
            </li>
            <li className="flex items-center gap-2">
              <span className="size-1.5 rounded-full bg-brand-500" />
              {t('welcome.new.preview.shared', { name: 'Lea', title: t('welcome.new.preview.boardPack') })}
              <span className="ml-auto text-slate-500 dark:text-slate-400">{t('welcome.new.preview.minutesAgo', { count: 4 })}</span>
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}

WelcomeNew.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
