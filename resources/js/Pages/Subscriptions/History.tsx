import { Head } from '@inertiajs/react';
import { Badge } from '@/Components/Badge';
import { Card } from '@/Components/Card';
import { EmptyState } from '@/Components/EmptyState';
import { PageHeader } from '@/Components/PageHeader';
import { Pagination } from '@/Components/Pagination';
import { Table, TBody, Td, Th, THead, Tr } from '@/Components/Table';
import { useFormatters } from '@/hooks/useFormatters';
import { useT } from '@/i18n';
import type { Paginated } from '@/types';
import { statusLabel, type SubscriptionStatus } from './Partials/labels';
import { clockIcon } from '@/Components/icons/clock';
import { eventLabel, eventTone, planName } from '@/lib/activityLabels';
import { route } from '../../../../shared/routes';

export interface SubscriptionEventRow {
  id: number;
  event: string;
  /** Plan ids (`team`): named in the reader's language. */
  from_plan: string | null;
  to_plan: string | null;
  from_status: SubscriptionStatus | null;
  to_status: SubscriptionStatus | null;
  amount_cents: number;
  currency: string;
  reference: string | null;
  actor: string | null;
  created_at: string;
}

export interface SubscriptionHistoryProps {
  events: Paginated<SubscriptionEventRow>;
}

export default function History({ events }: SubscriptionHistoryProps) {
  const { dateTime, money } = useFormatters();
  const t = useT();
  return (
    <>
      <Head title={t('subscriptions.history.title')} />
      <PageHeader back={{ href: route('subscription.show'), label: t('subscriptions.show.title') }} title={t('subscriptions.history.title')} description={t('subscriptions.history.description')} />
      {events.data.length === 0 ? (
        <EmptyState icon={clockIcon} title={t('subscriptions.history.emptyTitle')} text={t('subscriptions.history.emptyText')} />
      ) : (
        <Card padded={false}>
          <Table caption={t('subscriptions.history.caption')}>
            <THead>
              <Tr>
                <Th>{t('subscriptions.history.columns.date')}</Th>
                <Th>{t('subscriptions.history.columns.event')}</Th>
                <Th>{t('subscriptions.history.columns.from')}</Th>
                <Th>{t('subscriptions.history.columns.to')}</Th>
                <Th align="right">{t('subscriptions.history.columns.amount')}</Th>
                <Th>{t('subscriptions.history.columns.by')}</Th>
              </Tr>
            </THead>
            <TBody>
              {events.data.map((e) => (
                <Tr key={e.id}>
                  <Td label={t('subscriptions.history.columns.date')}>
                    <time dateTime={e.created_at}>{dateTime(e.created_at)}</time>
                  </Td>
                  <Td label={t('subscriptions.history.columns.event')}>
                    <Badge tone={eventTone(e.event)}>{eventLabel(e.event)}</Badge>
                  </Td>
                  <Td label={t('subscriptions.history.columns.from')}>
                    <PlanStatus plan={e.from_plan} status={e.from_status} />
                  </Td>
                  <Td label={t('subscriptions.history.columns.to')}>
                    <PlanStatus plan={e.to_plan} status={e.to_status} />
                  </Td>
                  <Td label={t('subscriptions.history.columns.amount')} align="right" className="whitespace-nowrap tabular-nums">
                    {e.amount_cents ? money(e.amount_cents, e.currency) : '—'}
                    {e.reference ? <span className="block text-xs text-slate-600 dark:text-slate-400">{e.reference}</span> : null}
                  </Td>
                  <Td label={t('subscriptions.history.columns.by')}>{e.actor ?? <span className="text-slate-600 dark:text-slate-400">{t('subscriptions.history.system')}</span>}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </Card>
      )}
      <Pagination className="mt-6" links={events.links} meta={events.meta} only={['events']} />
    </>
  );
}

function PlanStatus({ plan, status }: { plan: string | null; status: SubscriptionStatus | null }) {
  const t = useT();
  if (!plan && !status) return <span className="text-slate-600 dark:text-slate-400">—</span>;
  return (
    <span className="whitespace-nowrap">
      {plan ? planName(plan) : '—'}
      {status ? <span className="text-slate-600 dark:text-slate-400"> · {statusLabel(t, status)}</span> : null}
    </span>
  );
}
