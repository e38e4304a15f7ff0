import { Head, Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { Avatar } from '@/Components/Avatar';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { cx } from '@/Components/cx';
import { Icon, type IconName } from '@/Components/Icon';
import { PublicLayout } from '@/Layouts/PublicLayout';
import { formatMoney } from '@/lib/format';

interface Plan {
  id: 'free' | 'team' | 'business';
  name: string;
  cents: number;
  blurb: string;
  limits: string[];
  publicLinks: boolean;
  featured?: boolean;
}

/** Limits as in PRODUCT.md § Subscriptions. */
const plans: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    cents: 0,
    blurb: 'For a small board office getting organized.',
    limits: ['3 members', '25 board users', '50 insights', 'Activity log and roles'],
    publicLinks: false,
  },
  {
    id: 'team',
    name: 'Team',
    cents: 2900,
    blurb: 'For teams that brief several boards.',
    limits: ['10 members', '500 board users', 'Unlimited insights', 'Activity log and roles'],
    publicLinks: true,
    featured: true,
  },
  {
    id: 'business',
    name: 'Business',
    cents: 9900,
    blurb: 'For networks and consultancies at scale.',
    limits: ['Unlimited members', 'Unlimited board users', 'Unlimited insights', 'Activity log and roles'],
    publicLinks: true,
  },
];

/** Ordered so the two wide cards fill the three-column grid without holes (2+1 | 1+1+1 | 1+2). */
const features: { icon: IconName; title: string; text: string; wide?: boolean }[] = [
  {
    icon: 'users',
    title: 'A directory of the people you serve',
    text: 'Board members, trustees and directors with their position, board, contact details, tags and notes. Search, filter by status, sort, export, and restore from the trash.',
    wide: true,
  },
  { icon: 'document', title: 'Insights in Markdown', text: 'Briefings with headings, lists, tables and links, rendered safely. Draft, publish, archive.' },
  { icon: 'link', title: 'Share by link', text: 'Publish an insight on a private link or your public page, and withdraw it whenever you like.' },
  { icon: 'bolt', title: 'Live everywhere', text: 'Lists, the dashboard and the activity log update the moment a colleague saves.' },
  { icon: 'shield', title: 'Four clear roles', text: 'Owner, admin, editor and viewer, per organization. Invite by e-mail.' },
  { icon: 'building', title: 'Many organizations, one sign-in', text: 'Belong to several organizations and switch between them in one click.' },
  {
    icon: 'clock',
    title: 'An audit trail you can hand over',
    text: 'Who changed what, from which address, with before-and-after values. Filter it, watch it live, export it to CSV.',
    wide: true,
  },
];

const faqs: { q: string; a: ReactNode }[] = [
  {
    q: 'What is a “board user”?',
    a: 'A person your organization supports: a board member, trustee or director. Board users do not sign in; your staff keep their records and write insights for them.',
  },
  {
    q: 'How does the free trial work?',
    a: 'Every new organization starts on the Team plan for 14 days. Choose a plan before the trial ends, or the organization moves to Free automatically. Nothing is deleted.',
  },
  {
    q: 'What happens when we reach a plan limit?',
    a: 'Existing records stay as they are; adding a new member, board user or insight beyond the limit is refused with a message naming the limit. Upgrade and carry on.',
  },
  {
    q: 'Who can see a shared insight?',
    a: 'Anyone with its link. Only published insights can be shared, only on Team and Business, and an editor can withdraw the link at any time, after which it stops working.',
  },
  {
    q: 'Can one person work for several organizations?',
    a: 'Yes. Each membership has its own role, and the organization switcher at the top of every page moves you between them.',
  },
  {
    q: 'How long is the activity log kept?',
    a: (
      <>
        Entries are kept for 365 days, then pruned. Details are in our{' '}
        <Link href="/privacy-policy" className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300">
          privacy policy
        </Link>
        .
      </>
    ),
  },
];

export default function WelcomeNew() {
  const { props } = usePage();
  const user = props.auth?.user ?? null;
  const appName = props.appName || 'Boardly';

  return (
    <>
      <Head title="Welcome" />

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
              14-day Team trial for every new organization
            </Badge>
            <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
              The workspace for people who <span className="text-brand-600 dark:text-brand-400">support boards</span>.
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600 dark:text-slate-300">
              {appName} brings your board-user directory, your briefings and a live record of your team’s work into one calm, shared place.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              {user ? (
                <Button href="/dashboard" size="lg" icon="arrow">
                  Go to your dashboard
                </Button>
              ) : (
                <>
                  <Button href="/register" size="lg">
                    Start free
                  </Button>
                  <Button href="/login" size="lg" variant="secondary">
                    Sign in
                  </Button>
                </>
              )}
            </div>
            <p className="mt-5 text-sm text-slate-600 dark:text-slate-400">
              <Link href="/org-login" className="inline-flex items-center gap-1 rounded font-semibold text-slate-900 hover:underline dark:text-white">
                Sign in to your organization
                <Icon name="arrow" className="size-4" />
              </Link>
            </p>
          </div>
          <ProductPreview />
        </div>
      </section>

      {/* Features */}
      <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">Features</p>
          <h2 id="features" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
            Less admin. Better‑briefed boards.
          </h2>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-flow-dense lg:grid-cols-3">
          {features.map((feature, index) => (
            <li
              key={feature.title}
              className={cx(
                'group rounded-2xl border border-slate-200 bg-white p-6 transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900',
                feature.wide && 'lg:col-span-2',
                // Seven cards in two columns: the last one takes the whole row.
                index === features.length - 1 && 'sm:col-span-2',
              )}
            >
              <Icon name={feature.icon} className="size-6 text-brand-600 dark:text-brand-400" />
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
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">Pricing</p>
            <h2 id="pricing" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
              Simple plans, per organization
            </h2>
            <p className="mt-4 text-slate-600 dark:text-slate-300">Change plan whenever you like; the change applies at once.</p>
          </div>
          <ul className="mt-12 grid gap-6 lg:grid-cols-3">
            {plans.map((plan) => (
              <li
                key={plan.id}
                className={cx(
                  'relative flex flex-col rounded-2xl border bg-white p-6 sm:p-8 dark:bg-slate-900',
                  plan.featured ? 'border-brand-400 shadow-lg ring-1 ring-brand-400' : 'border-slate-200 dark:border-slate-800',
                )}
              >
                {plan.featured ? (
                  <span className="absolute -top-3 left-6 rounded-full bg-brand-400 px-3 py-0.5 text-xs font-semibold text-slate-900">Most popular</span>
                ) : null}
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{plan.name}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{plan.blurb}</p>
                <p className="mt-6 flex items-baseline gap-1">
                  <span className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">{plan.cents ? formatMoney(plan.cents, 'USD') : 'Free'}</span>
                  {plan.cents ? <span className="text-sm text-slate-600 dark:text-slate-400">/ month</span> : null}
                </p>
                <ul className="mt-6 flex-1 space-y-3 text-sm" aria-label={`${plan.name} plan includes`}>
                  {plan.limits.map((limit) => (
                    <li key={limit} className="flex gap-2 text-slate-700 dark:text-slate-300">
                      <Icon name="check" className="mt-0.5 size-4 text-emerald-600 dark:text-emerald-400" />
                      {limit}
                    </li>
                  ))}
                  <li className={cx('flex gap-2', plan.publicLinks ? 'text-slate-700 dark:text-slate-300' : 'text-slate-500 dark:text-slate-400')}>
                    <Icon
                      name={plan.publicLinks ? 'check' : 'x'}
                      className={cx('mt-0.5 size-4', plan.publicLinks ? 'text-emerald-600 dark:text-emerald-400' : 'text-slate-400')}
                    />
                    {plan.publicLinks ? 'Public insight links' : 'No public insight links'}
                  </li>
                </ul>
                <Button href={user ? '/subscription' : '/register'} variant={plan.featured ? 'primary' : 'secondary'} block className="mt-8">
                  {user ? 'Manage your plan' : plan.id === 'free' ? 'Start free' : `Try ${plan.name}`}
                </Button>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-400">
            Prices in US dollars per organization. New organizations start with 14 days of Team, then move to Free unless you choose a plan.
          </p>
        </div>
      </section>

      {/* FAQ */}
      <section aria-labelledby="faq" className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <h2 id="faq" className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          Questions, answered
        </h2>
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {faqs.map((faq) => (
            <details key={faq.q} className="group px-5 py-4 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-medium text-slate-900 dark:text-white [&::-webkit-details-marker]:hidden">
                {faq.q}
                <Icon name="chevron-down" className="size-5 text-slate-400 transition-transform group-open:rotate-180" />
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
              <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Ready when your next board meets.</h2>
              <p className="mt-2 text-slate-800">Set up your organization in minutes and invite your team.</p>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Link
                href={user ? '/dashboard' : '/register'}
                className="inline-flex h-12 items-center justify-center rounded-lg bg-slate-900 px-6 font-medium text-white hover:bg-slate-800 focus-visible:outline-slate-900"
              >
                {user ? 'Open your dashboard' : 'Create your organization'}
              </Link>
              {!user ? (
                <Link
                  href="/login"
                  className="inline-flex h-12 items-center justify-center rounded-lg border border-slate-900/20 px-6 font-medium text-slate-900 hover:bg-brand-300 focus-visible:outline-slate-900"
                >
                  Sign in
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
  const rows = [
    { name: 'Amara Okafor', role: 'Chair', board: 'Riverside Trust', tone: 'success' as const, status: 'Active' },
    { name: 'Henrik Lund', role: 'Treasurer', board: 'North Arts Fund', tone: 'success' as const, status: 'Active' },
    { name: 'Priya Raman', role: 'Trustee', board: 'Riverside Trust', tone: 'neutral' as const, status: 'Inactive' },
  ];
  return (
    <div aria-hidden="true" className="relative">
      <div className="absolute -inset-4 -z-10 rounded-3xl bg-brand-400/20 blur-2xl dark:bg-brand-400/10" />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-center gap-1.5 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <span className="size-2.5 rounded-full bg-slate-300 dark:bg-slate-700" />
          <span className="size-2.5 rounded-full bg-slate-300 dark:bg-slate-700" />
          <span className="size-2.5 rounded-full bg-slate-300 dark:bg-slate-700" />
          <span className="ml-3 text-xs text-slate-500 dark:text-slate-400">Board users</span>
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
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Activity · live</p>
          <ul className="mt-2 space-y-2 text-xs text-slate-600 dark:text-slate-300">
            <li className="flex items-center gap-2">
              <span className="size-1.5 rounded-full bg-emerald-500" />
              Sam published “Q3 risk review”
              <span className="ml-auto text-slate-500 dark:text-slate-400">just now</span>
            </li>
            <li className="flex items-center gap-2">
              <span className="size-1.5 rounded-full bg-brand-500" />
              Lea shared “Board pack: November”
              <span className="ml-auto text-slate-500 dark:text-slate-400">4 min ago</span>
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}

WelcomeNew.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
