import { Head } from '@inertiajs/react';
import { Badge } from '@/Components/Badge';
import { Card } from '@/Components/Card';
import { EmptyState } from '@/Components/EmptyState';
import { PageHeader } from '@/Components/PageHeader';
import { Pagination } from '@/Components/Pagination';
import { Table, TBody, Td, Th, THead, Tr } from '@/Components/Table';
import { useFormatters } from '@/hooks/useFormatters';
import type { Paginated } from '@/types';
import { STATUS_LABELS, type SubscriptionStatus } from './Partials/labels';

export interface SubscriptionEventRow {
  id: number;
  event: string;
  label: string;
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

const EVENT_TONES: Record<string, 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info'> = {
  trial_started: 'info',
  plan_changed: 'brand',
  renewed: 'success',
  payment_recovered: 'success',
  resumed: 'success',
  canceled: 'warning',
  trial_ended: 'neutral',
  payment_failed: 'danger',
  ended: 'neutral',
};

export default function History({ events }: SubscriptionHistoryProps) {
  const { dateTime, money } = useFormatters();
  return (
    <>
      <Head title="Subscription history" />
      <PageHeader back={{ href: '/subscription', label: 'Subscription' }} title="Subscription history" description="Every change of plan and status, with the amounts recorded for invoicing." />
      {events.data.length === 0 ? (
        <EmptyState icon="clock" title="No history yet" text="Changes to the subscription will be listed here." />
      ) : (
        <Card padded={false}>
          <Table caption="Subscription history, newest first">
            <THead>
              <Tr>
                <Th>Date</Th>
                <Th>Event</Th>
                <Th>From</Th>
                <Th>To</Th>
                <Th align="right">Amount</Th>
                <Th>By</Th>
              </Tr>
            </THead>
            <TBody>
              {events.data.map((e) => (
                <Tr key={e.id}>
                  <Td label="Date">
                    <time dateTime={e.created_at}>{dateTime(e.created_at)}</time>
                  </Td>
                  <Td label="Event">
                    <Badge tone={EVENT_TONES[e.event] ?? 'neutral'}>{e.label}</Badge>
                  </Td>
                  <Td label="From">
                    <PlanStatus plan={e.from_plan} status={e.from_status} />
                  </Td>
                  <Td label="To">
                    <PlanStatus plan={e.to_plan} status={e.to_status} />
                  </Td>
                  <Td label="Amount" align="right" className="whitespace-nowrap tabular-nums">
                    {e.amount_cents ? money(e.amount_cents, e.currency) : '—'}
                    {e.reference ? <span className="block text-xs text-slate-600 dark:text-slate-400">{e.reference}</span> : null}
                  </Td>
                  <Td label="By">{e.actor ?? <span className="text-slate-600 dark:text-slate-400">System</span>}</Td>
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
  if (!plan && !status) return <span className="text-slate-600 dark:text-slate-400">—</span>;
  return (
    <span className="whitespace-nowrap">
      {plan ?? '—'}
      {status ? <span className="text-slate-600 dark:text-slate-400"> · {STATUS_LABELS[status]}</span> : null}
    </span>
  );
}
