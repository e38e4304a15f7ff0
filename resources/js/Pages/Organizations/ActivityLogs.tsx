import { Head, router } from '@inertiajs/react';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { Badge } from '@/Components/Badge';
import { Button, buttonClasses } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { cx } from '@/Components/cx';
import { EmptyState } from '@/Components/EmptyState';
import { Icon } from '@/Components/Icon';
import { boltIcon } from '@/Components/icons/bolt';
import { chevronDownIcon } from '@/Components/icons/chevron-down';
import { chevronUpIcon } from '@/Components/icons/chevron-up';
import { clockIcon } from '@/Components/icons/clock';
import { downloadIcon } from '@/Components/icons/download';
import { PageHeader } from '@/Components/PageHeader';
import { Pagination } from '@/Components/Pagination';
import { SearchFilter } from '@/Components/SearchFilter';
import { Select } from '@/Components/Select';
import { Table, TableEmptyRow, TBody, Td, Th, THead, Tr } from '@/Components/Table';
import { TextInput } from '@/Components/TextInput';
import { useFormatters } from '@/hooks/useFormatters';
import { useOrganizationEvent } from '@/hooks/useRealtime';
import type { ActivityEntry, Paginated } from '@/types';
import { ActivityChanges, hasDetails, type ActivityProperties } from './Partials/ActivityChanges';
import { matchesFilters, prependEntry, type ActivityLogFilterValues } from './Partials/activityFilters';
import { causerName, eventLabel, eventTone, subjectLabel, subjectText, useDescribeActivity } from '@/lib/activityLabels';
import { useT } from '@/i18n';
import { route } from '../../../../shared/routes';

/** A row of the log: the shared entry plus the changes and the IP (null while a live entry's details load). */
export interface ActivityLogEntry extends ActivityEntry {
  properties: ActivityProperties | null;
  ip: string | null;
}

export interface ActivityLogsProps {
  organization: { id: number; name: string };
  activity: Paginated<ActivityLogEntry>;
  filters: ActivityLogFilterValues;
  options: { causers: { id: number; name: string }[]; system: boolean; events: string[]; subjectTypes: string[] };
  /** The zone the date range is read in (the user's, or UTC). */
  timeZone: string;
}

const labelClass = 'mb-1 block text-xs font-medium text-slate-600 dark:text-slate-300';

/**
 * The log as state: the page's rows, live entries prepended on page 1 when they match the
 * filters, and a count of the others (another page, or outside the filters) for a notice.
 */
function useLiveLog(organizationId: number, activity: Paginated<ActivityLogEntry>, filters: ActivityLogFilterValues, timeZone: string) {
  const [entries, setEntries] = useState(activity.data);
  const [pending, setPending] = useState({ matching: 0, other: 0 });
  useEffect(() => setEntries(activity.data), [activity]);
  // A new filter or page: earlier notices no longer apply.
  const key = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the deps are the triggers (a new filter or page), not values the effect reads
  useEffect(() => setPending({ matching: 0, other: 0 }), [key, activity.meta.current_page]);

  // After a burst of live entries on page 1, one quiet reload brings their details and fresh links.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const refreshSoon = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      router.reload({ only: ['activity', 'options'], async: true, showProgress: false });
    }, 1500);
  }, []);

  const onPageOne = activity.meta.current_page === 1;
  const perPage = activity.meta.per_page;
  useOrganizationEvent(
    'ActivityLogged',
    (entry) => {
      const matches = matchesFilters(entry, filters, timeZone);
      if (matches && onPageOne) {
        setEntries((list) => prependEntry(list, { ...entry, properties: null, ip: null }, perPage));
        refreshSoon();
      } else {
        setPending((p) => (matches ? { ...p, matching: p.matching + 1 } : { ...p, other: p.other + 1 }));
      }
    },
    organizationId,
  );

  // Live entries not in the page the server sent count towards the total.
  const known = new Set(activity.data.map((e) => e.id));
  const added = entries.filter((e) => !known.has(e.id)).length;
  const meta = added && onPageOne ? { ...activity.meta, total: activity.meta.total + added, from: entries.length ? 1 : null, to: entries.length || null } : activity.meta;
  return { entries, meta, pending };
}

/** The organisation's activity log: filters, the entries with their changes, live updates, CSV. */
export default function ActivityLogs({ organization, activity, filters, options, timeZone }: ActivityLogsProps) {
  const { dateTime } = useFormatters();
  const t = useT();
  const describe = useDescribeActivity();
  const { entries, meta, pending } = useLiveLog(organization.id, activity, filters, timeZone);
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const query = { causer: filters.causer, event: filters.event, subject_type: filters.subject_type, from: filters.from, to: filters.to, search: filters.search };
  const filtered = Object.values(query).some(Boolean);
  const showNew = () => router.get(route('activity-logs.index', { id: organization.id }, query), {}, { preserveState: false });
  const showAll = () => router.get(route('activity-logs.index', { id: organization.id }), {}, { preserveState: false });

  return (
    <>
      <Head title={t('organizations.activity.title')} />
      <PageHeader
        title={t('organizations.activity.title')}
        description={t('organizations.activity.description', { name: organization.name })}
        back={{ href: route('organizations.show', { id: organization.id }), label: organization.name }}
        actions={
          <a href={route('activity-logs.export', { id: organization.id }, query)} className={buttonClasses({ variant: 'secondary' })} download>
            <Icon icon={downloadIcon} className="size-4" />
            {t('organizations.activity.export')}
          </a>
        }
      />

      <div role="status" aria-live="polite" className="empty:hidden">
        {pending.matching > 0 ? (
          <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-400/30 dark:bg-sky-400/10 dark:text-sky-200">
            <Icon icon={boltIcon} className="size-4 shrink-0" />
            <span>{t('organizations.activity.pendingMatching', { count: pending.matching })}</span>
            <Button variant="ghost" size="sm" onClick={showNew}>
              {t('organizations.activity.show')}
            </Button>
          </p>
        ) : pending.other > 0 ? (
          <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
            <Icon icon={boltIcon} className="size-4 shrink-0" />
            <span>{t('organizations.activity.pendingOther', { count: pending.other })}</span>
            <Button variant="ghost" size="sm" onClick={showAll}>
              {t('organizations.activity.showAll')}
            </Button>
          </p>
        ) : null}
      </div>

      <Card padded={false}>
        <div className="border-b border-slate-200 p-4 dark:border-slate-700/70">
          <SearchFilter
            className="sm:[&>div:first-child]:min-w-72"
            filters={{ ...query }}
            label={t('organizations.activity.search.label')}
            placeholder={t('organizations.activity.search.placeholder')}
            only={['activity', 'filters', 'options']}
          >
            {({ values, set }) => (
              <>
                <div className="w-full sm:w-auto">
                  <label htmlFor="filter-causer" className={labelClass}>
                    {t('organizations.activity.filters.who')}
                  </label>
                  <Select
                    id="filter-causer"
                    className="sm:w-auto sm:min-w-40"
                    value={values.causer ?? ''}
                    onChange={(e) => set('causer', e.target.value)}
                    placeholder={t('organizations.activity.filters.anyone')}
                    options={[
                      ...(options.system ? [{ value: 'system', label: t('organizations.activity.filters.system') }] : []),
                      ...options.causers.map((c) => ({ value: String(c.id), label: c.name })),
                    ]}
                  />
                </div>
                <div className="w-full sm:w-auto">
                  <label htmlFor="filter-event" className={labelClass}>
                    {t('organizations.activity.filters.event')}
                  </label>
                  <Select
                    id="filter-event"
                    className="sm:w-auto sm:min-w-36"
                    value={values.event ?? ''}
                    onChange={(e) => set('event', e.target.value)}
                    placeholder={t('organizations.activity.filters.allEvents')}
                    options={options.events.map((e) => ({ value: e, label: eventLabel(e) }))}
                  />
                </div>
                <div className="w-full sm:w-auto">
                  <label htmlFor="filter-subject" className={labelClass}>
                    {t('organizations.activity.filters.subject')}
                  </label>
                  <Select
                    id="filter-subject"
                    className="sm:w-auto sm:min-w-40"
                    value={values.subject_type ?? ''}
                    onChange={(e) => set('subject_type', e.target.value)}
                    placeholder={t('organizations.activity.filters.allSubjects')}
                    options={options.subjectTypes.map((type) => ({ value: type, label: subjectLabel(type) }))}
                  />
                </div>
                <DateRange from={values.from ?? ''} to={values.to ?? ''} set={set} />
              </>
            )}
          </SearchFilter>
        </div>
        {entries.length === 0 && !filtered ? (
          <div className="p-6">
            <EmptyState icon={clockIcon} title={t('organizations.activity.empty.title')} text={t('organizations.activity.empty.text')} />
          </div>
        ) : (
          <Table caption={t('organizations.activity.table.caption', { name: organization.name })}>
            <THead>
              <Tr>
                <Th className="hidden sm:table-cell">{t('organizations.activity.table.when')}</Th>
                <Th>{t('organizations.activity.table.what')}</Th>
                <Th className="hidden md:table-cell">{t('organizations.activity.table.who')}</Th>
                <Th className="hidden sm:table-cell">{t('organizations.activity.table.event')}</Th>
                <Th className="hidden lg:table-cell">{t('organizations.activity.table.subject')}</Th>
                <Th>
                  <span className="sr-only">{t('organizations.activity.table.details')}</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {entries.length === 0 ? (
                <TableEmptyRow colSpan={6}>{t('organizations.activity.table.noMatch')}</TableEmptyRow>
              ) : (
                entries.map((a) => {
                  const expanded = open.has(a.id);
                  const detailsId = `activity-${a.id}-details`;
                  const who = a.causer ? causerName(a.causer) : t('organizations.activity.table.system');
                  const sentence = describe(a);
                  const subject = subjectText(a);
                  const details = a.properties === null || hasDetails(a.properties, a.ip);
                  return (
                    <Fragment key={a.id}>
                      <Tr className={cx(expanded && 'bg-slate-50/70 dark:bg-slate-800/40')}>
                        <Td label={t('organizations.activity.table.when')} className="hidden align-top sm:table-cell">
                          <time dateTime={a.created_at}>{dateTime(a.created_at)}</time>
                        </Td>
                        <Td strong className="align-top sm:min-w-48">
                          <span className="wrap-anywhere">{sentence}</span>
                          {/* What the hidden columns say, on tablets (phones show every column as a line of the card). */}
                          <span className="mt-1 hidden flex-wrap items-center gap-x-3 gap-y-1 text-xs font-normal text-slate-600 sm:flex lg:hidden dark:text-slate-400">
                            <span className="md:hidden">{who}</span>
                            {subject ? <span>{subject}</span> : null}
                          </span>
                        </Td>
                        <Td label={t('organizations.activity.table.who')} className="hidden min-w-28 align-top wrap-anywhere md:table-cell">
                          {a.causer ? causerName(a.causer) : <span className="text-slate-600 italic dark:text-slate-400">{t('organizations.activity.table.system')}</span>}
                        </Td>
                        <Td label={t('organizations.activity.table.event')} className="hidden align-top sm:table-cell">
                          <Badge tone={eventTone(a.event)}>{eventLabel(a.event)}</Badge>
                        </Td>
                        <Td label={t('organizations.activity.table.subject')} className="hidden min-w-40 align-top lg:table-cell">
                          {subject ? (
                            <>
                              <span className="block wrap-anywhere">{subject}</span>
                              {a.subject_name && a.subject_type ? <span className="block text-xs text-slate-500 dark:text-slate-400">{subjectLabel(a.subject_type)}</span> : null}
                            </>
                          ) : (
                            '—'
                          )}
                        </Td>
                        <Td actions align="right" className="align-top">
                          {details ? (
                            <button
                              type="button"
                              onClick={() => toggle(a.id)}
                              aria-expanded={expanded}
                              aria-controls={expanded ? detailsId : undefined}
                              aria-label={t('organizations.activity.table.detailsOf', { description: sentence })}
                              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 dark:text-brand-300 dark:hover:bg-slate-800"
                            >
                              {t('organizations.activity.table.details')}
                              <Icon icon={expanded ? chevronUpIcon : chevronDownIcon} className="size-4" />
                            </button>
                          ) : null}
                        </Td>
                      </Tr>
                      {expanded ? (
                        <tr className="bg-slate-50/70 dark:bg-slate-800/40">
                          <td colSpan={6} className="px-4 pt-1 pb-4">
                            <ActivityChanges id={detailsId} properties={a.properties} ip={a.ip} description={sentence} />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })
              )}
            </TBody>
          </Table>
        )}
        {meta.total > 0 ? (
          <div className="border-t border-slate-200 p-4 dark:border-slate-700/70">
            <Pagination links={activity.links} meta={meta} only={['activity', 'filters']} />
          </div>
        ) : null}
      </Card>
    </>
  );
}

/**
 * The From and To days. A From after the To would match nothing: it says so instead of showing
 * an empty list without a reason.
 */
function DateRange({ from, to, set }: { from: string; to: string; set: (key: string, value: string) => void }) {
  const reversed = !!from && !!to && from > to;
  const t = useT();
  return (
    <div className="grid w-full grid-cols-2 gap-3 sm:w-auto sm:grid-cols-[auto_auto]">
      <div>
        <label htmlFor="filter-from" className={labelClass}>
          {t('organizations.activity.filters.from')}
        </label>
        <TextInput
          id="filter-from"
          type="date"
          className="sm:w-40"
          value={from}
          max={to || undefined}
          aria-invalid={reversed || undefined}
          aria-describedby={reversed ? 'filter-range-error' : undefined}
          onChange={(e) => set('from', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="filter-to" className={labelClass}>
          {t('organizations.activity.filters.to')}
        </label>
        <TextInput
          id="filter-to"
          type="date"
          className="sm:w-40"
          value={to}
          min={from || undefined}
          aria-invalid={reversed || undefined}
          aria-describedby={reversed ? 'filter-range-error' : undefined}
          onChange={(e) => set('to', e.target.value)}
        />
      </div>
      {reversed ? (
        <p id="filter-range-error" role="alert" className="col-span-2 text-sm text-red-600 dark:text-red-400">
          {t('organizations.activity.filters.reversed')}
        </p>
      ) : null}
    </div>
  );
}
