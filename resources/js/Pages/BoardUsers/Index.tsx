import { Head, Link, usePage } from '@inertiajs/react';
import { Badge } from '@/Components/Badge';
import { portalTone } from './Partials/PortalAccessCard';
import { Button, buttonClasses } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { EmptyState } from '@/Components/EmptyState';
import { Icon } from '@/Components/Icon';
import { arrowIcon } from '@/Components/icons/arrow';
import { downloadIcon } from '@/Components/icons/download';
import { plusIcon } from '@/Components/icons/plus';
import { usersIcon } from '@/Components/icons/users';
import { PageHeader } from '@/Components/PageHeader';
import { Pagination } from '@/Components/Pagination';
import { EmailText } from '@/Components/EmailText';
import { SearchFilter } from '@/Components/SearchFilter';
import { Select } from '@/Components/Select';
import { Table, TableEmptyRow, TBody, Td, Th, THead, Tr } from '@/Components/Table';
import { useFormatters } from '@/hooks/useFormatters';
import { useT } from '@/i18n';
import type { Paginated } from '@/types';
import { filterTags, fullName, type BoardUserFilters, type BoardUserRow, type BoardUserStatus, type TagCount } from './types';
import { TagFilter } from './Partials/TagFilter';
import { useLiveReload } from '@/hooks/useRealtime';
import { SelectPageCheckbox, SelectRowCheckbox, useBulkSelection } from '@/Components/BulkSelection';
import { BoardUserBulkActions } from './Partials/BulkActions';
import { route } from '../../../../shared/routes';

export interface IndexProps {
  boardUsers: Paginated<BoardUserRow>;
  filters: BoardUserFilters;
  statuses: BoardUserStatus[];
  /** The organisation's tags with how many live board users carry each (the tag filter's options); deferred: undefined until the page has asked. */
  tags?: TagCount[];
}

/** The query string of the current filters plus `extra` (empty values left out). */
function queryString(values: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

export default function Index({ boardUsers, filters, statuses, tags }: IndexProps) {
  // Another member's change shows up here without a reload.
  useLiveReload(['BoardUserChanged'], ['boardUsers', 'tags']);
  const can = usePage().props.auth.can;
  const t = useT();
  const fmt = useFormatters();
  const base = { search: filters.search, tags: filterTags(filters.tags), status: filters.status, trashed: filters.trashed };
  const sortable = (column: BoardUserFilters['sort']) => {
    const current = filters.sort === column ? filters.direction : null;
    const direction = current === 'asc' ? 'desc' : 'asc';
    return {
      sorted: current,
      sortHref: route('board-users.index', null, { ...base, sort: column, direction }),
    };
  };
  // Two date columns fit from 1536 px; below, the one the list is sorted by shows (joined, unless by term end).
  const byTerm = filters.sort === 'term_ends_on';
  const dateColumns = { joined: byTerm ? 'hidden 2xl:table-cell' : 'hidden lg:table-cell', termEnds: byTerm ? 'hidden lg:table-cell' : 'hidden 2xl:table-cell' };
  const filtered = !!(filters.search || filters.tags.length || filters.status || filters.trashed);
  const selection = useBulkSelection(
    `board-users${queryString(base)}`,
    boardUsers.data.map((b) => b.id),
    boardUsers.meta.total,
  );

  return (
    <>
      <Head title={t('boardUsers.index.title')} />
      <PageHeader
        title={t('boardUsers.index.title')}
        description={t('boardUsers.index.description')}
        actions={
          <>
            <a href={route('board-users.export', null, { ...base, sort: filters.sort, direction: filters.direction })} className={buttonClasses({ variant: 'secondary' })} download>
              <Icon icon={downloadIcon} className="size-4" />
              {t('boardUsers.index.exportCsv')}
            </a>
            {can.manageRecords ? (
              <>
                <Button href={route('board-user-imports.index')} variant="secondary" icon={arrowIcon}>
                  {t('boardUsers.index.importCsv')}
                </Button>
                <Button href={route('board-users.create')} icon={plusIcon}>
                  {t('boardUsers.index.add')}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <Card padded={false}>
        <div className="border-b border-slate-200 p-4 dark:border-slate-700/70">
          <SearchFilter filters={{ ...filters, tags: base.tags }} label={t('boardUsers.index.searchLabel')} placeholder={t('boardUsers.index.searchPlaceholder')} only={['boardUsers', 'filters']}>
            {({ values, set }) => (
              <>
                <TagFilter tags={tags ?? []} value={values.tags ?? ''} onChange={(value) => set('tags', value)} />
                <div>
                  <label htmlFor="filter-status" className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-300">
                    {t('boardUsers.index.filters.status')}
                  </label>
                  <Select
                    id="filter-status"
                    value={values.status ?? ''}
                    onChange={(e) => set('status', e.target.value)}
                    placeholder={t('boardUsers.index.filters.allStatuses')}
                    options={statuses.map((s) => ({ value: s, label: t('boardUsers.status.label', { status: s }) }))}
                  />
                </div>
                <div>
                  <label htmlFor="filter-trashed" className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-300">
                    {t('boardUsers.index.filters.trashed')}
                  </label>
                  <Select
                    id="filter-trashed"
                    value={values.trashed ?? ''}
                    onChange={(e) => set('trashed', e.target.value)}
                    placeholder={t('boardUsers.index.filters.withoutTrashed')}
                    options={[
                      { value: 'with', label: t('boardUsers.index.filters.withTrashed') },
                      { value: 'only', label: t('boardUsers.index.filters.onlyTrashed') },
                    ]}
                  />
                </div>
              </>
            )}
          </SearchFilter>
        </div>
        {boardUsers.meta.total === 0 && !filtered ? (
          <div className="p-6">
            <EmptyState
              icon={usersIcon}
              title={t('boardUsers.index.empty.title')}
              text={t('boardUsers.index.empty.text')}
              action={
                can.manageRecords ? (
                  <Button href={route('board-users.create')} icon={plusIcon}>
                    {t('boardUsers.index.add')}
                  </Button>
                ) : undefined
              }
            />
          </div>
        ) : (
          <>
            <BoardUserBulkActions selection={selection} total={boardUsers.meta.total} filters={filters} />
            <Table caption={t('boardUsers.index.caption')}>
              <THead>
                <Tr>
                  <Th className="w-10 pr-0">
                    <SelectPageCheckbox selection={selection} />
                  </Th>
                  <Th {...sortable('name')}>{t('boardUsers.index.columns.name')}</Th>
                  <Th {...sortable('email')} className="hidden md:table-cell">
                    {t('boardUsers.index.columns.email')}
                  </Th>
                  <Th {...sortable('board')}>{t('boardUsers.index.columns.board')}</Th>
                  <Th {...sortable('status')}>{t('boardUsers.index.columns.status')}</Th>
                  <Th {...sortable('joined_on')} className={dateColumns.joined}>
                    {t('boardUsers.index.columns.joined')}
                  </Th>
                  <Th {...sortable('term_ends_on')} className={dateColumns.termEnds}>
                    {t('boardUsers.index.columns.termEnds')}
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {boardUsers.data.length === 0 ? (
                  <TableEmptyRow colSpan={7}>{t('boardUsers.index.noMatch')}</TableEmptyRow>
                ) : (
                  boardUsers.data.map((b) => (
                    <Tr key={b.id}>
                      <Td className="w-10 pr-0 max-sm:order-first max-sm:w-auto">
                        <SelectRowCheckbox selection={selection} id={b.id} label={t('boardUsers.index.selectRow', { name: fullName(b) })} />
                      </Td>
                      <Td strong className="min-w-44 wrap-anywhere max-sm:w-auto max-sm:min-w-0 max-sm:flex-1">
                        <Link href={route('board-users.show', { id: b.id })} className="rounded hover:underline">
                          {fullName(b)}
                        </Link>
                        {b.position ? <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{b.position}</span> : null}
                        {b.tags.length ? (
                          <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('boardUsers.index.tags')}>
                            {b.tags.map((tag) => (
                              <li key={tag} className="max-w-full">
                                <Badge tone="brand" className="max-w-full truncate font-normal">
                                  {tag}
                                </Badge>
                              </li>
                            ))}
                          </ul>
                        ) : null}
                        {b.deleted_at ? (
                          <Badge tone="danger" className="mt-1">
                            {t('boardUsers.index.deleted')}
                          </Badge>
                        ) : null}
                      </Td>
                      <Td label={t('boardUsers.index.columns.email')} className="hidden min-w-44 md:table-cell">
                        {b.email ? <EmailText email={b.email} /> : '—'}
                      </Td>
                      <Td label={t('boardUsers.index.columns.board')} className="min-w-32 wrap-anywhere">
                        {b.board_name ?? '—'}
                      </Td>
                      <Td label={t('boardUsers.index.columns.status')}>
                        <span className="inline-flex flex-wrap gap-1">
                          <Badge tone={b.status === 'active' ? 'success' : 'neutral'} dot>
                            {t('boardUsers.status.label', { status: b.status })}
                          </Badge>
                          {b.portal_access !== 'none' ? <Badge tone={portalTone[b.portal_access]}>{t('boardUsers.portal.badge', { state: b.portal_access })}</Badge> : null}
                        </span>
                      </Td>
                      <Td label={t('boardUsers.index.columns.joined')} className={dateColumns.joined}>
                        {b.joined_on ? fmt.date(b.joined_on) : '—'}
                      </Td>
                      <Td label={t('boardUsers.index.columns.termEnds')} className={dateColumns.termEnds}>
                        {b.term_ends_on ? fmt.date(b.term_ends_on) : '—'}
                      </Td>
                    </Tr>
                  ))
                )}
              </TBody>
            </Table>
          </>
        )}
        <div className="border-t border-slate-200 p-4 dark:border-slate-700/70">
          <Pagination links={boardUsers.links} meta={boardUsers.meta} />
        </div>
      </Card>
    </>
  );
}
