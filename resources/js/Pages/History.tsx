import { Head, router } from '@inertiajs/react';
import { Card } from '@/Components/Card';
import { EmptyState } from '@/Components/EmptyState';
import { Field } from '@/Components/Field';
import { PageHeader } from '@/Components/PageHeader';
import { Pagination } from '@/Components/Pagination';
import { Select } from '@/Components/Select';
import { Table, TBody, Td, Th, THead, Tr } from '@/Components/Table';
import { useFormatters } from '@/hooks/useFormatters';
import type { Paginated } from '@/types';
import { eventLabel, organizationName, useDescribeActivity } from '@/lib/activityLabels';
import type { Facts } from '../../../shared/activity-kinds';
import { useT } from '@/i18n';
import { clockIcon } from '@/Components/icons/clock';
import { route } from '../../../shared/routes';

export interface HistoryEntry {
  id: number;
  event: string;
  subject_type: string | null;
  subject_id: number | null;
  subject_name: string | null;
  facts: Facts | null;
  /** Only on old entries whose facts could not be read back. */
  description: string | null;
  /** `name` is null when the organisation is gone. */
  organization: { id: number; name: string | null } | null;
  created_at: string;
}

export interface HistoryProps {
  activity: Paginated<HistoryEntry>;
  organizations: { id: number; name: string }[];
  filters: { organization: number | null };
}

/** The signed-in user's own activity across their organisations. */
export default function History({ activity, organizations, filters }: HistoryProps) {
  const { dateTime } = useFormatters();
  const t = useT();
  const describe = useDescribeActivity();
  const filter = (value: string) => router.get(route('history'), value ? { organization: value } : {}, { preserveState: true, preserveScroll: true, replace: true, only: ['activity', 'filters'] });

  return (
    <>
      <Head title={t('history.title')} />
      <PageHeader title={t('history.title')} description={t('history.description')} />
      {organizations.length > 1 ? (
        <div className="mb-4 max-w-xs">
          <Field label={t('history.organization')}>
            {(props) => (
              <Select
                {...props}
                value={filters.organization ?? ''}
                onChange={(e) => filter(e.target.value)}
                placeholder={t('history.allOrganizations')}
                options={organizations.map((o) => ({ value: o.id, label: o.name }))}
              />
            )}
          </Field>
        </div>
      ) : null}
      {activity.data.length === 0 ? (
        <EmptyState icon={clockIcon} title={t('history.empty.title')} text={filters.organization ? t('history.empty.inOrganization') : t('history.empty.any')} />
      ) : (
        <Card padded={false}>
          <Table caption={t('history.caption')}>
            <THead>
              <Tr>
                <Th>{t('history.columns.when')}</Th>
                <Th>{t('history.columns.what')}</Th>
                <Th>{t('history.columns.organization')}</Th>
                <Th>{t('history.columns.event')}</Th>
              </Tr>
            </THead>
            <TBody>
              {activity.data.map((a) => (
                <Tr key={a.id}>
                  <Td label={t('history.columns.when')}>
                    <time dateTime={a.created_at}>{dateTime(a.created_at)}</time>
                  </Td>
                  <Td strong className="sm:min-w-64">
                    {describe(a)}
                  </Td>
                  <Td label={t('history.columns.organization')}>
                    {a.organization ? organizationName(a.organization) : <span className="text-slate-600 dark:text-slate-400">{t('history.yourAccount')}</span>}
                  </Td>
                  <Td label={t('history.columns.event')} className="whitespace-nowrap">
                    {eventLabel(a.event)}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </Card>
      )}
      <Pagination className="mt-6" links={activity.links} meta={activity.meta} only={['activity', 'filters']} />
    </>
  );
}
