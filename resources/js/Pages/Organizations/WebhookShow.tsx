import { Head, router } from '@inertiajs/react';
import { useState } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { FormColumn } from '@/Components/FormColumn';
import { PageHeader } from '@/Components/PageHeader';
import { useFormatters } from '@/hooks/useFormatters';
import { useT } from '@/i18n';
import { route } from '../../../../shared/routes';
import WebhookForm from './Partials/WebhookForm';
import { EndpointState, type WebhookEndpointFields } from './Partials/EndpointState';

export interface WebhookAttemptRow {
  attempted_at: string;
  response_status: number | null;
  duration_ms: number;
  error: string | null;
}

export interface WebhookDeliveryRow {
  id: string;
  message_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: string;
  created_at: string;
  completed_at: string | null;
  tries: WebhookAttemptRow[];
}

export interface WebhookShowProps {
  organization: { id: number; name: string };
  endpoint: WebhookEndpointFields & {
    /** Needed by the receiver to verify signatures (admins and owners only see this page). */
    secret: string;
    /** The previous secret still signs alongside until then (a rotation's 24 hours). */
    previous_secret_expires_at: string | null;
  };
  deliveries: WebhookDeliveryRow[];
  events: string[];
  /** Plain http receivers are allowed on this server (never in production). */
  httpAllowed: boolean;
}

const statusTone = { pending: 'warning', succeeded: 'success', failed: 'danger' } as const;

/** One endpoint: its secret, settings, test event, rotation, deletion and delivery log. */
export default function WebhookShow({ organization, endpoint, deliveries, events, httpAllowed }: WebhookShowProps) {
  const t = useT();
  const f = useFormatters();
  const [revealed, setRevealed] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { id: organization.id, endpointId: endpoint.id };
  const act = (method: 'post' | 'delete', url: string) => {
    setBusy(true);
    router[method](url, {}, { preserveScroll: true, onFinish: () => (setBusy(false), setConfirm(null)) });
  };

  return (
    <>
      <Head title={t('organizations.webhooks.show.title')} />
      <PageHeader
        title={t('organizations.webhooks.show.title')}
        description={endpoint.url}
        back={{ href: route('webhooks.index', { id: organization.id }), label: t('organizations.webhooks.title') }}
        actions={
          <Button type="button" variant="secondary" disabled={busy || !endpoint.enabled} onClick={() => act('post', route('webhooks.test', ids))}>
            {t('organizations.webhooks.show.test')}
          </Button>
        }
      />
      <FormColumn>
        <Card title={t('organizations.webhooks.show.secret')} description={t('organizations.webhooks.show.secretHint')}>
          <div className="flex flex-wrap items-center gap-3">
            <code className="break-all rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800" data-testid="webhook-secret">
              {revealed ? endpoint.secret : `${endpoint.secret.slice(0, 6)}${'•'.repeat(24)}`}
            </code>
            <Button type="button" variant="ghost" size="sm" onClick={() => setRevealed(!revealed)}>
              {revealed ? t('organizations.webhooks.show.hide') : t('organizations.webhooks.show.reveal')}
            </Button>
            <Button type="button" variant="secondary" size="sm" onClick={() => setConfirm('rotate')}>
              {t('organizations.webhooks.show.rotate')}
            </Button>
          </div>
          {endpoint.previous_secret_expires_at ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('organizations.webhooks.show.previousUntil', { time: f.dateTime(endpoint.previous_secret_expires_at) })}</p>
          ) : null}
          <div className="mt-3">
            <EndpointState endpoint={endpoint} />
          </div>
        </Card>
        <Card title={t('organizations.webhooks.show.log')} padded={false}>
          {deliveries.length === 0 ? (
            <p className="p-6 text-sm text-slate-600 dark:text-slate-400">{t('organizations.webhooks.show.logEmpty')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="webhook-deliveries">
              {deliveries.map((d) => (
                <li key={d.id} className="space-y-1 px-6 py-3 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={statusTone[d.status]}>{t(`organizations.webhooks.log.${d.status}`)}</Badge>
                    <span className="font-medium">{d.event_type}</span>
                    <code className="text-xs text-slate-500">{d.message_id}</code>
                  </div>
                  <div className="text-slate-600 dark:text-slate-400">
                    {t('organizations.webhooks.log.created')}: {f.dateTime(d.created_at)} · {t('organizations.webhooks.log.attempts')}: {d.attempts}
                    {d.status === 'pending' && d.attempts > 0 ? ` · ${t('organizations.webhooks.log.nextAttempt', { time: f.dateTime(d.next_attempt_at) })}` : ''}
                  </div>
                  {d.tries.length ? (
                    <ol className="ml-4 list-decimal text-slate-600 dark:text-slate-400">
                      {d.tries.map((a) => (
                        <li key={a.attempted_at}>
                          {f.dateTime(a.attempted_at)} · {t('organizations.webhooks.log.response')}: {a.response_status ?? t('organizations.webhooks.log.noResponse')} ·{' '}
                          {t('organizations.webhooks.log.ms', { ms: a.duration_ms })}
                          {a.error ? ` · ${a.error}` : ''}
                        </li>
                      ))}
                    </ol>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t('organizations.webhooks.show.edit')}>
          <WebhookForm
            key={endpoint.url + endpoint.enabled + endpoint.events.join()}
            initial={{ url: endpoint.url, description: endpoint.description ?? '', events: endpoint.events, enabled: endpoint.enabled }}
            events={events}
            editing
            httpAllowed={httpAllowed}
            submitLabel={t('organizations.webhooks.form.save')}
            onSubmit={(form) => form.put(route('webhooks.update', ids), { preserveScroll: true })}
          />
        </Card>
        <div className="flex justify-end">
          <Button type="button" variant="danger" onClick={() => setConfirm('delete')}>
            {t('organizations.webhooks.show.delete')}
          </Button>
        </div>
      </FormColumn>
      <ConfirmDialog
        open={confirm === 'rotate'}
        tone="primary"
        title={t('organizations.webhooks.show.rotate')}
        description={t('organizations.webhooks.show.rotateConfirm')}
        confirmLabel={t('organizations.webhooks.show.rotate')}
        cancelLabel={t('organizations.webhooks.show.cancel')}
        processing={busy}
        onConfirm={() => act('post', route('webhooks.rotate', ids))}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title={t('organizations.webhooks.show.delete')}
        description={t('organizations.webhooks.show.deleteConfirm')}
        confirmLabel={t('organizations.webhooks.show.delete')}
        cancelLabel={t('organizations.webhooks.show.cancel')}
        processing={busy}
        onConfirm={() => act('delete', route('webhooks.destroy', ids))}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}
