import { Head, Link, router, usePage } from '@inertiajs/react';
import { useState } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Icon } from '@/Components/Icon';
import { checkIcon } from '@/Components/icons/check';
import { linkIcon } from '@/Components/icons/link';
import { pencilIcon } from '@/Components/icons/pencil';
import { PageHeader } from '@/Components/PageHeader';
import { useFormatters } from '@/hooks/useFormatters';
import TrashedBanner from '@/Components/TrashedBanner';
import { DeleteInsight } from './Partials/DeleteInsight';
import SharePanel, { type Sharing } from './Partials/SharePanel';
import ReadinessPanel, { type Readiness } from './Partials/ReadinessPanel';
import { useT } from '@/i18n';
import { categoryLabel, statusLabel, statusTone, type InsightCategory, type InsightStatus } from './types';
import { useLiveReload } from '@/hooks/useRealtime';
import { route } from '../../../../shared/routes';

export interface ShowProps {
  insight: {
    id: number;
    title: string;
    summary: string | null;
    category: InsightCategory;
    status: InsightStatus;
    published_at: string | null;
    shared_at: string | null;
    view_count: number;
    created_at: string;
    updated_at: string;
    deleted_at: string | null;
    author_name: string | null;
    /** Rendered and sanitised on the server (server/lib/markdown.ts). */
    body_html: string;
    shared: boolean;
    share_url: string | null;
  };
  boardUsers: { id: number; first_name: string; last_name: string; position: string | null; board_name: string | null; status: string }[];
  /** Board members' reads and acknowledgements: counts (none below three) or, when the organisation chose so, names. */
  readiness: Readiness;
  sharing: Sharing;
}

export default function Show({ insight, boardUsers, readiness, sharing }: ShowProps) {
  useLiveReload(['InsightChanged'], ['insight', 'boardUsers', 'readiness', 'sharing'], { when: (event) => event.id === insight.id });
  // A board member read or acknowledged it: only the panel's numbers (the event carries the id alone).
  useLiveReload(['InsightReadinessChanged'], ['readiness'], { when: (event) => event.id === insight.id });
  const page = usePage();
  const can = page.props.auth.can;
  const errors = page.props.errors as Record<string, string | undefined>;
  const fmt = useFormatters();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const trashed = !!insight.deleted_at;
  const visit = { preserveScroll: true, onStart: () => setBusy(true), onFinish: () => setBusy(false) };

  return (
    <>
      <Head title={insight.title} />
      <PageHeader
        title={insight.title}
        back={{ href: route('insights.index'), label: t('insights.show.back') }}
        actions={
          can.manageRecords && !trashed ? (
            <>
              {insight.status !== 'published' ? (
                <Button icon={checkIcon} processing={busy} onClick={() => router.post(route('insights.publish', { id: insight.id }), {}, visit)}>
                  {t('insights.show.publish')}
                </Button>
              ) : (
                <Button variant="secondary" processing={busy} onClick={() => router.post(route('insights.archive', { id: insight.id }), {}, visit)}>
                  {t('insights.show.archive')}
                </Button>
              )}
              <Button href={route('insights.edit', { id: insight.id })} variant="secondary" icon={pencilIcon}>
                {t('insights.show.edit')}
              </Button>
              <DeleteInsight id={insight.id} shared={insight.shared} />
            </>
          ) : null
        }
      />
      {trashed ? <TrashedBanner what={t('insights.trashedWhat')} restoreUrl={route('insights.restore', { id: insight.id })} canRestore={can.manageRecords} /> : null}
      {errors.status ? (
        <p role="alert" className="mb-4 text-sm text-red-600 dark:text-red-400">
          {errors.status}
        </p>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <article className="min-w-0 rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-8 lg:col-span-2 dark:border-slate-700/70 dark:bg-slate-900">
          <div className="mb-4 flex flex-wrap items-center gap-2">
            <Badge tone={statusTone[insight.status]}>{statusLabel(t, insight.status)}</Badge>
            <Badge tone="brand">{categoryLabel(t, insight.category)}</Badge>
            {insight.shared ? (
              <Badge tone="info">
                <Icon icon={linkIcon} className="size-3" />
                {t('insights.badges.shared')}
              </Badge>
            ) : null}
          </div>
          {insight.summary ? <p className="mb-6 text-lg leading-7 text-slate-600 dark:text-slate-300">{insight.summary}</p> : null}
          {insight.body_html ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the server rendered from Markdown and sanitised (server/lib/markdown.ts)
            <div className="prose-content max-w-none break-words text-slate-800 dark:text-slate-200" dangerouslySetInnerHTML={{ __html: insight.body_html }} />
          ) : (
            <p className="text-sm text-slate-500 italic dark:text-slate-400">{t('insights.show.noBody')}</p>
          )}
        </article>
        <div className="space-y-6">
          <ReadinessPanel readiness={readiness} />
          <SharePanel insight={insight} sharing={sharing} canManage={can.manageRecords} />
          <Card title={t('insights.show.details.title')}>
            <dl className="space-y-3 text-sm">
              {(
                [
                  [t('insights.show.details.author'), insight.author_name ?? t('insights.show.details.formerMember')],
                  [t('insights.show.details.published'), insight.published_at ? fmt.dateTime(insight.published_at) : t('insights.show.details.notYet')],
                  [t('insights.show.details.updated'), fmt.dateTime(insight.updated_at)],
                  [t('insights.show.details.views'), fmt.number(insight.view_count)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4">
                  <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
                  <dd className="text-right text-slate-900 dark:text-slate-100">{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card title={t('insights.show.boardUsers.title')} padded={boardUsers.length === 0}>
            {boardUsers.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('insights.show.boardUsers.none')}</p>
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-700/70">
                {boardUsers.map((b) => (
                  <li key={b.id} className="px-4 py-3 sm:px-6">
                    <Link href={route('board-users.show', { id: b.id })} className="font-medium text-slate-900 hover:underline dark:text-white">
                      {b.first_name} {b.last_name}
                    </Link>
                    {b.position || b.board_name ? <span className="block text-xs text-slate-500 dark:text-slate-400">{[b.position, b.board_name].filter(Boolean).join(' · ')}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
