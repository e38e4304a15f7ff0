import { Head, Link, usePage } from '@inertiajs/react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { EmptyState } from '@/Components/EmptyState';
import { Icon } from '@/Components/Icon';
import { documentIcon } from '@/Components/icons/document';
import { linkIcon } from '@/Components/icons/link';
import { plusIcon } from '@/Components/icons/plus';
import { PageHeader } from '@/Components/PageHeader';
import { Pagination } from '@/Components/Pagination';
import { SearchFilter } from '@/Components/SearchFilter';
import { Select } from '@/Components/Select';
import { Table, TableEmptyRow, TBody, Td, Th, THead, Tr } from '@/Components/Table';
import { useFormatters } from '@/hooks/useFormatters';
import type { Paginated } from '@/types';
import { categoryLabel, statusLabel, statusTone, type InsightCategory, type InsightFilters, type InsightRow, type InsightSort, type InsightStatus } from './types';
import { useLiveReload } from '@/hooks/useRealtime';
import { SelectPageCheckbox, SelectRowCheckbox, useBulkSelection } from '@/Components/BulkSelection';
import { InsightBulkActions } from './Partials/BulkActions';
import { useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface IndexProps {
  insights: Paginated<InsightRow>;
  filters: InsightFilters;
  categories: InsightCategory[];
  statuses: InsightStatus[];
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  placeholder,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-300">
        {label}
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} options={options} />
    </div>
  );
}

/** Dates read newest first, words from A (server/features/insights/schema.ts). */
const firstDirection = (column: InsightSort) => (column === 'title' || column === 'status' ? 'asc' : 'desc');

export default function Index({ insights, filters, categories, statuses }: IndexProps) {
  // Another member's change shows up here without a reload.
  useLiveReload(['InsightChanged'], ['insights']);
  const can = usePage().props.auth.can;
  const fmt = useFormatters();
  const t = useT();
  const filtered = !!(filters.search || filters.category || filters.status || filters.trashed);
  // A chosen order is kept when a filter changes; the default one stays out of the URL (and of Reset).
  const customOrder = filters.sort !== 'updated' || filters.direction !== 'desc';
  const sortable = (column: InsightSort) => {
    const current = filters.sort === column ? filters.direction : null;
    const direction = current ? (current === 'asc' ? 'desc' : 'asc') : firstDirection(column);
    const base = { search: filters.search, category: filters.category, status: filters.status, trashed: filters.trashed };
    return { sorted: current, sortHref: route('insights.index', null, { ...base, sort: column, direction }) };
  };
  const selection = useBulkSelection(
    `insights?${[filters.search, filters.category, filters.status, filters.trashed].join('|')}`,
    insights.data.map((i) => i.id),
    insights.meta.total,
  );

  return (
    <>
      <Head title={t('insights.index.title')} />
      <PageHeader
        title={t('insights.index.title')}
        description={t('insights.index.description')}
        actions={
          can.manageRecords ? (
            <Button href={route('insights.create')} icon={plusIcon}>
              {t('insights.index.create')}
            </Button>
          ) : null
        }
      />
      <Card padded={false}>
        <div className="border-b border-slate-200 p-4 dark:border-slate-700/70">
          <SearchFilter
            filters={{ ...filters, ...(customOrder ? {} : { sort: null, direction: null }) }}
            label={t('insights.index.search.label')}
            placeholder={t('insights.index.search.placeholder')}
            only={['insights', 'filters']}
          >
            {({ values, set }) => (
              <>
                <FilterSelect
                  id="filter-category"
                  label={t('insights.index.filters.category')}
                  value={values.category ?? ''}
                  onChange={(v) => set('category', v)}
                  placeholder={t('insights.index.filters.allCategories')}
                  options={categories.map((c) => ({ value: c, label: categoryLabel(t, c) }))}
                />
                <FilterSelect
                  id="filter-status"
                  label={t('insights.index.filters.status')}
                  value={values.status ?? ''}
                  onChange={(v) => set('status', v)}
                  placeholder={t('insights.index.filters.allStatuses')}
                  options={statuses.map((s) => ({ value: s, label: statusLabel(t, s) }))}
                />
                <FilterSelect
                  id="filter-trashed"
                  label={t('insights.index.filters.trashed')}
                  value={values.trashed ?? ''}
                  onChange={(v) => set('trashed', v)}
                  placeholder={t('insights.index.filters.withoutTrashed')}
                  options={[
                    { value: 'with', label: t('insights.index.filters.withTrashed') },
                    { value: 'only', label: t('insights.index.filters.onlyTrashed') },
                  ]}
                />
              </>
            )}
          </SearchFilter>
        </div>
        {insights.meta.total === 0 && !filtered ? (
          <div className="p-6">
            <EmptyState
              icon={documentIcon}
              title={t('insights.index.empty.title')}
              text={t('insights.index.empty.text')}
              action={
                can.manageRecords ? (
                  <Button href={route('insights.create')} icon={plusIcon}>
                    {t('insights.index.create')}
                  </Button>
                ) : undefined
              }
            />
          </div>
        ) : (
          <>
            <InsightBulkActions selection={selection} total={insights.meta.total} filters={filters} />
            <Table caption={t('insights.index.table.caption')}>
              <THead>
                <Tr>
                  <Th className="w-10 pr-0">
                    <SelectPageCheckbox selection={selection} />
                  </Th>
                  <Th {...sortable('title')}>{t('insights.index.table.title')}</Th>
                  <Th className="hidden sm:table-cell">{t('insights.index.table.category')}</Th>
                  <Th {...sortable('status')} className="hidden sm:table-cell">
                    {t('insights.index.table.status')}
                  </Th>
                  <Th align="right" className="hidden md:table-cell">
                    {t('insights.index.table.boardUsers')}
                  </Th>
                  <Th align="right" className="hidden md:table-cell">
                    {t('insights.index.table.views')}
                  </Th>
                  <Th {...sortable('published')} className="hidden xl:table-cell">
                    {t('insights.index.table.published')}
                  </Th>
                  <Th {...sortable('updated')} className="hidden lg:table-cell">
                    {t('insights.index.table.updated')}
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {insights.data.length === 0 ? (
                  <TableEmptyRow colSpan={8}>{t('insights.index.table.noMatch')}</TableEmptyRow>
                ) : (
                  insights.data.map((i) => (
                    <Tr key={i.id}>
                      <Td className="w-10 pr-0 max-sm:order-first max-sm:w-auto">
                        <SelectRowCheckbox selection={selection} id={i.id} label={t('insights.index.table.select', { title: i.title })} />
                      </Td>
                      <Td strong className="min-w-48 max-w-md whitespace-normal max-sm:w-auto max-sm:min-w-0 max-sm:flex-1">
                        <Link href={route('insights.show', { id: i.id })} className="rounded wrap-anywhere hover:underline">
                          {i.title}
                        </Link>
                        {i.summary ? <span className="mt-0.5 line-clamp-2 text-xs font-normal wrap-anywhere text-slate-500 dark:text-slate-400">{i.summary}</span> : null}
                        {i.deleted_at ? (
                          <Badge tone="danger" className="mt-1">
                            {t('insights.badges.deleted')}
                          </Badge>
                        ) : null}
                      </Td>
                      <Td label={t('insights.index.table.category')} className="hidden sm:table-cell">
                        {categoryLabel(t, i.category)}
                      </Td>
                      <Td label={t('insights.index.table.status')} className="hidden sm:table-cell">
                        <span className="flex flex-wrap gap-1">
                          <Badge tone={statusTone[i.status]}>{statusLabel(t, i.status)}</Badge>
                          {i.shared ? (
                            <Badge tone="info">
                              <Icon icon={linkIcon} className="size-3" />
                              {t('insights.badges.shared')}
                            </Badge>
                          ) : null}
                        </span>
                      </Td>
                      <Td label={t('insights.index.table.boardUsers')} align="right" className="hidden tabular-nums md:table-cell">
                        {fmt.number(i.board_users_count)}
                      </Td>
                      <Td label={t('insights.index.table.publicViews')} align="right" className="hidden tabular-nums md:table-cell">
                        {fmt.number(i.view_count)}
                      </Td>
                      <Td label={t('insights.index.table.published')} className="hidden xl:table-cell">
                        {i.published_at ? fmt.date(i.published_at) : <span className="text-slate-400">—</span>}
                      </Td>
                      <Td label={t('insights.index.table.updated')} className="hidden lg:table-cell">
                        {fmt.date(i.updated_at)}
                      </Td>
                    </Tr>
                  ))
                )}
              </TBody>
            </Table>
          </>
        )}
        <div className="border-t border-slate-200 p-4 dark:border-slate-700/70">
          <Pagination links={insights.links} meta={insights.meta} />
        </div>
      </Card>
    </>
  );
}
