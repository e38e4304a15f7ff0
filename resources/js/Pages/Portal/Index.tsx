import { Head, Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { Badge } from '@/Components/Badge';
import { EmptyState } from '@/Components/EmptyState';
import { useFormatters } from '@/hooks/useFormatters';
import { PortalLayout } from '@/Layouts/PortalLayout';
import { useT } from '@/i18n';
import type { ReceiptState } from '../../../../shared/portal';
import { route } from '../../../../shared/routes';
import { receiptTone } from './receipt';

export interface PortalInsightItem {
  id: number;
  title: string;
  summary: string | null;
  category: string;
  published_at: string | null;
  status: ReceiptState;
}

export interface PortalIndexProps {
  /** One group per organisation whose board the member serves (headings only when several). */
  groups: { organization: { id: number; name: string }; insights: PortalInsightItem[] }[];
  unreadCount: number;
  /** All their insights, and how many of them are listed here (the newest, unread first). */
  total: number;
  shown: number;
}

export default function PortalIndex({ groups, unreadCount, total, shown }: PortalIndexProps) {
  const t = useT();
  const several = groups.length > 1;
  return (
    <>
      <Head title={t('portal.index.title')} />
      <header className="mb-8">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{t('portal.index.title')}</h1>
          <Badge tone={unreadCount > 0 ? 'brand' : 'neutral'}>{t('portal.index.unread', { count: unreadCount })}</Badge>
        </div>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{t('portal.index.intro')}</p>
      </header>
      {total === 0 ? (
        <EmptyState title={t('portal.index.emptyTitle')} text={t('portal.index.emptyText')} />
      ) : (
        <div className="space-y-10">
          {groups.map((group) =>
            several ? (
              <section key={group.organization.id} aria-labelledby={`org-${group.organization.id}`}>
                <h2 id={`org-${group.organization.id}`} className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
                  {group.organization.name}
                </h2>
                <InsightList insights={group.insights} empty={t('portal.index.emptyOrganization', { organization: group.organization.name })} />
              </section>
            ) : (
              <InsightList key={group.organization.id} insights={group.insights} empty={t('portal.index.emptyText')} />
            ),
          )}
          {shown < total ? <p className="text-sm text-slate-500 dark:text-slate-400">{t('portal.index.capped', { shown, total })}</p> : null}
        </div>
      )}
    </>
  );
}

function InsightList({ insights, empty }: { insights: PortalInsightItem[]; empty: string }) {
  const t = useT();
  const fmt = useFormatters();
  if (insights.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">{empty}</p>;
  return (
    <ul className="space-y-3">
      {insights.map((insight) => (
        <li
          key={insight.id}
          className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-400 hover:border-brand-300 sm:p-5 dark:border-slate-700/70 dark:bg-slate-900 dark:hover:border-brand-400/50"
        >
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
            <Badge tone={receiptTone[insight.status]} dot={insight.status === 'new'}>
              {t('portal.status', { status: insight.status })}
            </Badge>
            <span>{t('portal.category', { category: insight.category })}</span>
            {insight.published_at ? (
              <>
                <span aria-hidden="true">·</span>
                <time dateTime={insight.published_at}>{t('portal.index.published', { date: fmt.date(insight.published_at) })}</time>
              </>
            ) : null}
          </div>
          <h3 className={`mt-2 text-lg break-words text-slate-900 dark:text-white ${insight.status === 'new' ? 'font-semibold' : 'font-medium'}`}>
            {/* The title is the link; its overlay makes the whole card clickable. */}
            <Link href={route('portal.insights.show', { id: insight.id })} className="after:absolute after:inset-0 focus-visible:outline-none">
              {insight.title}
            </Link>
          </h3>
          {insight.summary ? <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{insight.summary}</p> : null}
        </li>
      ))}
    </ul>
  );
}

PortalIndex.layout = (page: ReactNode) => <PortalLayout>{page}</PortalLayout>;
