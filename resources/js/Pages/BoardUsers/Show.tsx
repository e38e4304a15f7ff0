import { Head, Link, usePage } from '@inertiajs/react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { EmptyState } from '@/Components/EmptyState';
import { PageHeader } from '@/Components/PageHeader';
import { useFormatters } from '@/hooks/useFormatters';
import { useT } from '@/i18n';
import TrashedBanner from '@/Components/TrashedBanner';
import { DeleteBoardUser } from './Partials/DeleteBoardUser';
import { PortalAccessCard, type PortalAccess } from './Partials/PortalAccessCard';
import type { PlanLimit } from '@/Components/LimitNotice';
import { fullName, type BoardUser } from './types';
import { documentIcon } from '@/Components/icons/document';
import { pencilIcon } from '@/Components/icons/pencil';
import { plusIcon } from '@/Components/icons/plus';
import { useLiveReload } from '@/hooks/useRealtime';
import { route } from '../../../../shared/routes';

interface LinkedInsight {
  id: number;
  title: string;
  category: string;
  status: 'draft' | 'published' | 'archived';
  published_at: string | null;
  updated_at: string;
}

export interface ShowProps {
  boardUser: BoardUser;
  insights: LinkedInsight[];
  portalAccess: PortalAccess;
  /** The plan's room for portal access, for those who may grant it while there is none. */
  portalLimit: PlanLimit | null;
}

const statusTone = { draft: 'warning', published: 'success', archived: 'neutral' } as const;

export default function Show({ boardUser, insights, portalAccess, portalLimit }: ShowProps) {
  useLiveReload(['BoardUserChanged'], ['boardUser', 'insights', 'portalAccess', 'portalLimit'], { when: (event) => event.id === boardUser.id });
  const can = usePage().props.auth.can;
  const fmt = useFormatters();
  const t = useT();
  const name = fullName(boardUser);
  const trashed = !!boardUser.deleted_at;

  // The links are built here, outside the [label, value] pairs: an element inside an array literal reads as a list item missing its key.
  const email = boardUser.email ? (
    <a href={`mailto:${boardUser.email}`} className="text-brand-700 underline dark:text-brand-300">
      {boardUser.email}
    </a>
  ) : null;
  const phone = boardUser.phone ? (
    <a href={`tel:${boardUser.phone.replace(/[^\d+]/g, '')}`} className="text-brand-700 underline dark:text-brand-300">
      {boardUser.phone}
    </a>
  ) : null;

  // "1 Jan 2024 – 31 Dec 2027", "since …", "until …", or nothing.
  const term =
    boardUser.term_started_on || boardUser.term_ends_on
      ? t('boardUsers.show.termRange', { from: boardUser.term_started_on ? fmt.date(boardUser.term_started_on) : 'none', to: boardUser.term_ends_on ? fmt.date(boardUser.term_ends_on) : 'none' })
      : null;

  const details: [string, React.ReactNode][] = [
    [t('boardUsers.show.fields.email'), email],
    [t('boardUsers.show.fields.phone'), phone],
    [t('boardUsers.show.fields.position'), boardUser.position],
    [t('boardUsers.show.fields.board'), boardUser.board_name],
    [t('boardUsers.show.fields.joinedOn'), boardUser.joined_on ? fmt.date(boardUser.joined_on) : null],
    [t('boardUsers.show.fields.term'), term],
    [t('boardUsers.show.fields.added'), fmt.dateTime(boardUser.created_at)],
  ];

  return (
    <>
      <Head title={name} />
      <PageHeader
        title={name}
        description={[boardUser.position, boardUser.board_name].filter(Boolean).join(' · ') || undefined}
        back={{ href: route('board-users.index'), label: t('boardUsers.back') }}
        actions={
          can.manageRecords ? (
            <>
              {!trashed ? (
                <Button href={route('insights.create', null, { board_user: boardUser.id })} variant="secondary" icon={documentIcon}>
                  {t('boardUsers.show.writeInsight')}
                </Button>
              ) : null}
              <Button href={route('board-users.edit', { id: boardUser.id })} variant="secondary" icon={pencilIcon}>
                {t('boardUsers.show.edit')}
              </Button>
              {!trashed ? <DeleteBoardUser id={boardUser.id} name={name} /> : null}
            </>
          ) : null
        }
      />
      {trashed ? <TrashedBanner what={t('boardUsers.trashedWhat')} restoreUrl={route('board-users.restore', { id: boardUser.id })} canRestore={can.manageRecords} /> : null}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-1">
          <Card title={t('boardUsers.show.details')}>
            <div className="mb-4 flex flex-wrap gap-2">
              <Badge tone={boardUser.status === 'active' ? 'success' : 'neutral'} dot>
                {t('boardUsers.status.label', { status: boardUser.status })}
              </Badge>
              {boardUser.tags.map((tag) => (
                <Badge key={tag} tone="brand">
                  {tag}
                </Badge>
              ))}
            </div>
            <dl className="space-y-3 text-sm">
              {details.map(([label, value]) => (
                <div key={label}>
                  <dt className="font-medium text-slate-500 dark:text-slate-400">{label}</dt>
                  <dd className="mt-0.5 break-words text-slate-900 dark:text-slate-100">{value ?? '—'}</dd>
                </div>
              ))}
            </dl>
            {boardUser.notes ? (
              <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
                <h3 className="text-sm font-medium text-slate-500 dark:text-slate-400">{t('boardUsers.show.notes')}</h3>
                <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">{boardUser.notes}</p>
              </div>
            ) : null}
          </Card>
          <PortalAccessCard id={boardUser.id} name={name} email={boardUser.email} access={portalAccess} limit={portalLimit} canManage={can.manageRecords} trashed={trashed} />
        </div>
        <Card title={t('boardUsers.show.insights')} description={t('boardUsers.show.insightsDescription', { name })} className="lg:col-span-2" padded={insights.length === 0}>
          {insights.length === 0 ? (
            <EmptyState
              bordered={false}
              icon={documentIcon}
              title={t('boardUsers.show.noInsights')}
              text={t('boardUsers.show.noInsightsText')}
              action={
                can.manageRecords && !trashed ? (
                  <Button href={route('insights.create', null, { board_user: boardUser.id })} icon={plusIcon}>
                    {t('boardUsers.show.writeInsight')}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-700/70">
              {insights.map((insight) => (
                <li key={insight.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
                  <Link href={route('insights.show', { id: insight.id })} className="min-w-0 font-medium text-slate-900 hover:underline dark:text-white">
                    {insight.title}
                  </Link>
                  <span className="flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                    <Badge tone={statusTone[insight.status]}>{t('boardUsers.show.insightStatus', { status: insight.status })}</Badge>
                    {fmt.date(insight.published_at ?? insight.updated_at)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
