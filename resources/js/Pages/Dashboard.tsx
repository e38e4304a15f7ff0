import { Head, Link, usePage } from '@inertiajs/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { BarChart } from '@/Components/ChartBar';
import { cx } from '@/Components/cx';
import { Icon, type IconGlyph } from '@/Components/Icon';
import { buildingIcon } from '@/Components/icons/building';
import { cardIcon } from '@/Components/icons/card';
import { clockIcon } from '@/Components/icons/clock';
import { documentIcon } from '@/Components/icons/document';
import { linkIcon } from '@/Components/icons/link';
import { plusIcon } from '@/Components/icons/plus';
import { shieldIcon } from '@/Components/icons/shield';
import { trashIcon } from '@/Components/icons/trash';
import { usersIcon } from '@/Components/icons/users';
import { PageHeader } from '@/Components/PageHeader';
import { UsageBar } from '@/Components/UsageBar';
import { useFormatters } from '@/hooks/useFormatters';
import { useLiveReload, useOrganizationEvent } from '@/hooks/useRealtime';
import { causerName, isChange, useDescribeActivity } from '@/lib/activityLabels';
import { useT } from '@/i18n';
import type { ActivityEntry } from '@/types';
// Statuses and usage are named in this page's own messages: it does not load the subscription page's.
import { STATUS_TONES, type SubscriptionStatus, type UsageItem } from './Subscriptions/Partials/labels';
import { TermsEnding, type TermEnding } from './Dashboard/Partials/TermsEnding';
import { route } from '../../../shared/routes';

export interface DashboardProps {
  counts: {
    boardUsers: { active: number; inactive: number };
    insights: { draft: number; published: number; archived: number };
    members: number;
    pendingInvitations: number;
    publicLinks: number;
  };
  publishedPerWeek: { week: string; count: number }[];
  recentActivity: ActivityEntry[];
  subscription: { plan: string; plan_name: string; status: SubscriptionStatus; trial_ends_at: string | null; ends_at: string | null } | null;
  usage: UsageItem[];
  /** Deferred: undefined until the page has asked. */
  termsEnding?: { items: TermEnding[]; total: number };
}

export const RECENT_ACTIVITY_SIZE = 10;

/** Newest first, no duplicates, at most `max` entries, changes only: how a live entry joins the list. */
export function prependActivity(list: ActivityEntry[], entry: ActivityEntry, max = RECENT_ACTIVITY_SIZE): ActivityEntry[] {
  if (!isChange(entry)) return list;
  return [entry, ...list.filter((e) => e.id !== entry.id)].slice(0, max);
}

/**
 * The recent-activity list as state: seeded from the `recentActivity` prop (and re-seeded when a
 * reload brings a new one), with `prepend` for live entries.
 */
export function useRecentActivity(initial: ActivityEntry[]) {
  const [entries, setEntries] = useState(initial);
  useEffect(() => setEntries(initial), [initial]);
  const prepend = useCallback((entry: ActivityEntry) => setEntries((list) => prependActivity(list, entry)), []);
  return { entries, prepend };
}

export default function Dashboard({ counts, publishedPerWeek, recentActivity, subscription, usage, termsEnding }: DashboardProps) {
  const { auth } = usePage().props;
  const { number, date } = useFormatters();
  const t = useT();
  const { entries, prepend } = useRecentActivity(recentActivity);
  // Live: new log lines join the list as they happen; the figures follow any change.
  useOrganizationEvent('ActivityLogged', prepend);
  useLiveReload(['BoardUserChanged', 'InsightChanged', 'SubscriptionChanged', 'ActivityLogged'], ['counts', 'publishedPerWeek', 'subscription', 'usage', 'termsEnding'], { delayMs: 1000 });
  const can = auth.can;

  const chartData = useMemo(
    () =>
      publishedPerWeek.map((w) => ({
        key: w.week,
        label: date(w.week, { month: 'short', day: 'numeric' }),
        week: date(w.week, { dateStyle: 'medium' }),
        longLabel: t('dashboard.chart.weekOf', { date: date(w.week, { dateStyle: 'medium' }) }),
        value: w.count,
      })),
    [publishedPerWeek, date, t],
  );
  const total = publishedPerWeek.reduce((n, w) => n + w.count, 0);
  const busiest = chartData.reduce<(typeof chartData)[number] | null>((best, d) => (d.value > (best?.value ?? 0) ? d : best), null);
  const summary = total ? t('dashboard.chart.summary', { total: number(total), most: number(busiest!.value), date: busiest!.week }) : t('dashboard.chart.none');

  return (
    <>
      <Head title={t('dashboard.title')} />
      <PageHeader
        title={t('dashboard.title')}
        description={auth.organization ? t('dashboard.description', { organization: auth.organization.name }) : undefined}
        actions={
          can.manageRecords ? (
            <>
              <Button href={route('board-users.create')} variant="secondary" icon={plusIcon}>
                {t('dashboard.addBoardUser')}
              </Button>
              <Button href={route('insights.create')} icon={plusIcon}>
                {t('dashboard.writeInsight')}
              </Button>
            </>
          ) : null
        }
      />

      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="sr-only">
          {t('dashboard.figures.heading')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <FigureCard
            title={t('dashboard.figures.boardUsers')}
            viewAll={t('dashboard.figures.boardUsersAll', { total: number(counts.boardUsers.active + counts.boardUsers.inactive) })}
            icon={usersIcon}
            total={counts.boardUsers.active + counts.boardUsers.inactive}
            href={route('board-users.index')}
            parts={[
              { label: t('dashboard.figures.active', { count: counts.boardUsers.active }), value: counts.boardUsers.active, href: route('board-users.index', null, { status: 'active' }) },
              { label: t('dashboard.figures.inactive', { count: counts.boardUsers.inactive }), value: counts.boardUsers.inactive, href: route('board-users.index', null, { status: 'inactive' }) },
            ]}
          />
          <FigureCard
            title={t('dashboard.figures.insights')}
            viewAll={t('dashboard.figures.insightsAll', { total: number(counts.insights.draft + counts.insights.published + counts.insights.archived) })}
            icon={documentIcon}
            total={counts.insights.draft + counts.insights.published + counts.insights.archived}
            href={route('insights.index')}
            parts={[
              { label: t('dashboard.figures.published', { count: counts.insights.published }), value: counts.insights.published, href: route('insights.index', null, { status: 'published' }) },
              { label: t('dashboard.figures.drafts', { count: counts.insights.draft }), value: counts.insights.draft, href: route('insights.index', null, { status: 'draft' }) },
              { label: t('dashboard.figures.archived', { count: counts.insights.archived }), value: counts.insights.archived, href: route('insights.index', null, { status: 'archived' }) },
            ]}
          />
          <FigureCard
            title={t('dashboard.figures.members')}
            viewAll={t('dashboard.figures.membersAll', { total: number(counts.members) })}
            icon={shieldIcon}
            total={counts.members}
            href={can.manageMembers ? route('users.index') : undefined}
            parts={[
              { label: t('dashboard.figures.invitationsOpen', { count: counts.pendingInvitations }), value: counts.pendingInvitations, href: can.manageMembers ? route('users.index') : undefined },
            ]}
          />
          <FigureCard
            title={t('dashboard.figures.publicLinks')}
            viewAll={t('dashboard.figures.publicLinksAll', { total: number(counts.publicLinks) })}
            icon={linkIcon}
            total={counts.publicLinks}
            href={auth.organization ? route('public-insights.index', { orgSlug: auth.organization.slug }) : undefined}
            parts={[{ label: t('dashboard.figures.shared', { count: counts.publicLinks }), value: counts.publicLinks }]}
          />
        </div>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card
          className="lg:col-span-2"
          title={t('dashboard.chart.title')}
          description={t('dashboard.chart.description')}
          actions={
            <Link href={route('insights.index', null, { status: 'published' })} className="rounded text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
              {t('dashboard.chart.viewPublished')}
            </Link>
          }
        >
          <BarChart data={chartData} title={t('dashboard.chart.label')} summary={summary} columns={[t('dashboard.chart.week'), t('dashboard.chart.published')]} format={(v) => number(v)} />
        </Card>

        <Card
          title={t('dashboard.plan.title')}
          description={
            subscription ? (
              <span className="inline-flex flex-wrap items-center gap-2">
                <span>{t('dashboard.plan.name', { plan: subscription.plan_name })}</span>
                <Badge tone={STATUS_TONES[subscription.status]} dot>
                  {t('dashboard.plan.status', { status: subscription.status })}
                </Badge>
              </span>
            ) : (
              t('dashboard.plan.none')
            )
          }
          actions={
            <Link href={route('subscription.show')} className="rounded text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
              {t('dashboard.plan.subscription')}
            </Link>
          }
        >
          <div className="space-y-4">
            {usage.map((u) => (
              <UsageBar key={u.key} label={t('dashboard.plan.usage', { key: u.key })} used={u.used} limit={u.limit} />
            ))}
          </div>
          {subscription?.status === 'trialing' && subscription.trial_ends_at ? (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t('dashboard.plan.trialEnds', { date: date(subscription.trial_ends_at) })}</p>
          ) : null}
        </Card>
      </div>

      <div className="mt-6">
        <TermsEnding terms={termsEnding} />
      </div>

      <Card
        className="mt-6"
        title={t('dashboard.activity.title')}
        // Sign-ins are only mentioned to those who can open the activity log that holds them.
        description={can.viewActivity ? `${t('dashboard.activity.description')} ${t('dashboard.activity.signIns')}` : t('dashboard.activity.description')}
        padded={false}
        actions={
          can.viewActivity && auth.organization ? (
            <Link href={route('activity-logs.index', { id: auth.organization.id })} className="rounded text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
              {t('dashboard.activity.fullLog')}
            </Link>
          ) : null
        }
      >
        <RecentActivity entries={entries} />
      </Card>
    </>
  );
}

interface FigurePart {
  label: string;
  value: number;
  href?: string;
}

/** Every figure card alike: title and icon, the total (a link to the list), one line of parts. */
function FigureCard({ title, viewAll, icon, total, href, parts }: { title: string; viewAll: string; icon: IconGlyph; total: number; href?: string; parts: FigurePart[] }) {
  const { number } = useFormatters();
  const linkClass = 'rounded hover:underline focus-visible:outline-2 focus-visible:outline-offset-2';
  return (
    <div className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700/70 dark:bg-slate-900">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-medium text-slate-600 dark:text-slate-300">{title}</h3>
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-400/10 dark:text-brand-300">
          <Icon icon={icon} className="size-5" />
        </span>
      </div>
      <p className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white">
        {href ? (
          <Link href={href} className={linkClass} aria-label={viewAll}>
            {number(total)}
          </Link>
        ) : (
          number(total)
        )}
      </p>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {parts.map((p) => (
          <li key={p.label} className="text-slate-600 dark:text-slate-400">
            {p.href ? (
              <Link href={p.href} className={cx(linkClass, 'text-slate-700 dark:text-slate-300')}>
                <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{number(p.value)}</span> {p.label}
              </Link>
            ) : (
              <>
                <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{number(p.value)}</span> {p.label}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RecentActivity({ entries }: { entries: ActivityEntry[] }) {
  const { relative, dateTime } = useFormatters();
  const t = useT();
  const system = t('dashboard.activity.system');
  const describe = useDescribeActivity();
  if (!entries.length) {
    return <p className="px-4 py-8 text-center text-sm text-slate-600 sm:px-6 dark:text-slate-400">{t('dashboard.activity.empty')}</p>;
  }
  return (
    <ol className="divide-y divide-slate-200 dark:divide-slate-700/70" aria-live="polite" aria-relevant="additions">
      {entries.map((e) => (
        <li key={e.id} className="flex items-start gap-3 px-4 py-3 sm:px-6">
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <Icon icon={iconFor(e)} className="size-4" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm break-words text-slate-800 dark:text-slate-100">{describe(e)}</p>
            <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
              {e.causer ? causerName(e.causer) : system} ·{' '}
              <time dateTime={e.created_at} title={dateTime(e.created_at)}>
                {relative(e.created_at)}
              </time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

function iconFor(e: ActivityEntry): IconGlyph {
  if (e.subject_type === 'subscription') return cardIcon;
  if (e.subject_type === 'insight') return e.event === 'shared' || e.event === 'unshared' ? linkIcon : documentIcon;
  if (e.subject_type === 'board_user') return usersIcon;
  if (e.subject_type === 'organization') return buildingIcon;
  if (e.event === 'deleted') return trashIcon;
  return clockIcon;
}
