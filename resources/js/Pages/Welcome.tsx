import { Head, Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { Icon, type IconName } from '@/Components/Icon';
import { PublicLayout } from '@/Layouts/PublicLayout';

const features: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'users',
    title: 'Board-user directory',
    text: 'One tidy record for every board member, trustee and director you support: contact details, position, the board they sit on, tags, notes and start date. Search, filter, export to CSV, and restore anything deleted by mistake.',
  },
  {
    icon: 'document',
    title: 'Insights and briefings',
    text: 'Write briefings and analyses in Markdown, file them under governance, strategy, finance, risk or people, link them to the board users they are for, and move them from draft to published to archived.',
  },
  {
    icon: 'link',
    title: 'Public insight links',
    text: 'Share a published insight with a private, unguessable link, or list your shared insights on your organization’s public page. Withdraw a link at any time; view counts show what was read.',
  },
  {
    icon: 'clock',
    title: 'Live activity log',
    text: 'Every change is recorded with who made it, what changed and when, and appears for admins as it happens, without reloading. Filter by person, event, record or date and export it for your records.',
  },
  {
    icon: 'shield',
    title: 'Roles that match how you work',
    text: 'Owners, admins, editors and viewers: viewers read, editors keep records and insights, admins manage members and settings, owners hold the keys. Invite colleagues by e-mail.',
  },
  {
    icon: 'chart',
    title: 'Plans that grow with you',
    text: 'Start on a 14-day Team trial, stay on Free for a small board office, or move to Team or Business when you need more members, more board users or public links. Usage is always visible.',
  },
];

const steps = [
  { title: 'Create your organization', text: 'Create an account, name your organization and pick its web address. Your Team trial starts straight away.' },
  { title: 'Add board users and colleagues', text: 'Enter the people you support, then invite staff with the role that fits their work.' },
  { title: 'Brief your boards', text: 'Write insights, link them to board users, and share the ones that should be read outside the office.' },
];

export default function Welcome() {
  const user = usePage().props.auth?.user ?? null;
  const appName = usePage().props.appName || 'Boardly';
  return (
    <>
      <Head title="Welcome" />

      <section className="relative overflow-hidden border-b border-slate-200 dark:border-slate-800">
        <div
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,var(--color-brand-100),transparent)] dark:bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgb(236_183_82/0.12),transparent)]"
          aria-hidden="true"
        />
        <div className="relative mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1fr_22rem] lg:items-center lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">For organizations that support boards</p>
            <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
              Keep every board member known, briefed and up to date.
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-600 dark:text-slate-300">
              {appName} is the shared workspace for governance consultancies, board support offices and networks of non-profits. Keep your
              board-user directory, write insights for the people you serve, publish the ones worth sharing, and see everything your team
              does in a live activity log.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
              {user ? (
                <Button href="/dashboard" size="lg" icon="arrow">
                  Go to your dashboard
                </Button>
              ) : (
                <>
                  <Button href="/register" size="lg">
                    Create your organization
                  </Button>
                  <Button href="/login" size="lg" variant="secondary">
                    Sign in
                  </Button>
                </>
              )}
            </div>
            <p className="mt-5 text-sm text-slate-600 dark:text-slate-400">
              Your organization gave you its address?{' '}
              <Link href="/org-login" className="rounded font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
                Sign in to your organization <span aria-hidden="true">→</span>
              </Link>
            </p>
          </div>
          <BriefingCard />
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="max-w-2xl">
          <h2 id="features-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            Everything a board office needs, in one place
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">
            No more spreadsheets of trustees, briefings lost in mail threads, or wondering who changed what. Each organization has its own
            private space; colleagues see only the organizations they belong to.
          </p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-400/10 dark:text-brand-300">
                <Icon name={feature.icon} className="size-5" />
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
            Up and running in an afternoon
          </h2>
          <ol className="mt-10 grid gap-8 md:grid-cols-3">
            {steps.map((step, index) => (
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
              Built for information that matters
            </h2>
            <p className="mt-3 text-slate-600 dark:text-slate-300">
              Board members trust you with their details. {appName} keeps each organization’s records apart, logs every change, and never
              publishes anything you have not chosen to share.
            </p>
          </div>
          <ul className="space-y-4">
            <Point>Each organization’s data is separated; people only see organizations they are members of.</Point>
            <Point>An activity log of every change, with the old and new values, kept for a year.</Point>
            <Point>Public links are opt-in per insight, unguessable, and can be withdrawn in one click.</Point>
            <Point>Light and dark themes, keyboard-friendly screens, and pages that work on a phone.</Point>
          </ul>
        </div>
      </section>

      <section className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
        <div className="mx-auto max-w-6xl rounded-2xl bg-slate-900 px-6 py-12 text-center sm:px-12 dark:bg-slate-900 dark:ring-1 dark:ring-slate-800">
          <h2 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Give your boards the briefing they deserve.</h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-300">Try every Team feature free for 14 days. No card needed.</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button href={user ? '/dashboard' : '/register'} size="lg">
              {user ? 'Open your dashboard' : 'Create account'}
            </Button>
            {!user ? (
              <Button href="/org-login" size="lg" variant="secondary">
                Sign in to your organization
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
  return (
    <div aria-hidden="true" className="hidden lg:block">
      <div className="rotate-1 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-center justify-between">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-600/20 dark:bg-brand-400/10 dark:text-brand-300">
            Governance
          </span>
          <span className="inline-flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
            <Icon name="link" className="size-3.5" /> Shared
          </span>
        </div>
        <p className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">Board pack: November</p>
        <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">
          Three decisions for Thursday: the reserves policy, the new audit committee chair, and the 2027 strategy timetable.
        </p>
        <div className="mt-4 space-y-2">
          <div className="h-2 w-full rounded-full bg-slate-100 dark:bg-slate-800" />
          <div className="h-2 w-5/6 rounded-full bg-slate-100 dark:bg-slate-800" />
          <div className="h-2 w-2/3 rounded-full bg-slate-100 dark:bg-slate-800" />
        </div>
        <div className="mt-6 flex items-center justify-between border-t border-slate-100 pt-4 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <span>For 7 board users</span>
          <span>42 views</span>
        </div>
      </div>
    </div>
  );
}

function Point({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <Icon name="check-circle" className="mt-0.5 size-5 text-emerald-600 dark:text-emerald-400" />
      <span className="text-slate-700 dark:text-slate-300">{children}</span>
    </li>
  );
}

Welcome.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
