import { Head, Link } from '@inertiajs/react';
import { Card } from '@/Components/Card';
import { FormColumn } from '@/Components/FormColumn';
import { PageHeader } from '@/Components/PageHeader';
import { useT } from '@/i18n';
import { route } from '../../../../shared/routes';
import WebhookForm from './Partials/WebhookForm';
import { EndpointState, type WebhookEndpointFields } from './Partials/EndpointState';

export interface WebhookEndpointSummary extends WebhookEndpointFields {
  pending: number | null;
}

export interface WebhooksProps {
  organization: { id: number; name: string };
  endpoints: WebhookEndpointSummary[];
  events: string[];
  /** Plain http receivers are allowed on this server (never in production). */
  httpAllowed: boolean;
}

/** An organisation's webhook endpoints and the form to add one (admins and owners). */
export default function Webhooks({ organization, endpoints, events, httpAllowed }: WebhooksProps) {
  const t = useT();
  return (
    <>
      <Head title={t('organizations.webhooks.title')} />
      <PageHeader
        title={t('organizations.webhooks.title')}
        description={t('organizations.webhooks.description')}
        back={{ href: route('organizations.edit', { id: organization.id }), label: organization.name }}
      />
      <FormColumn>
        <Card title={t('organizations.webhooks.endpoints')}>
          {endpoints.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('organizations.webhooks.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="webhook-endpoints">
              {endpoints.map((endpoint) => (
                <li key={endpoint.id} className="flex flex-col gap-1 py-3">
                  <Link href={route('webhooks.show', { id: organization.id, endpointId: endpoint.id })} className="break-all font-medium text-brand-700 underline dark:text-brand-300">
                    {endpoint.url}
                  </Link>
                  {endpoint.description ? <span className="text-sm text-slate-600 dark:text-slate-400">{endpoint.description}</span> : null}
                  <span className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                    <EndpointState endpoint={endpoint} />
                    {endpoint.pending ? t('organizations.webhooks.pending', { count: endpoint.pending }) : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t('organizations.webhooks.form.create')}>
          <WebhookForm
            initial={{ url: '', description: '', events: [], enabled: true }}
            events={events}
            editing={false}
            httpAllowed={httpAllowed}
            submitLabel={t('organizations.webhooks.form.submit')}
            onSubmit={(form) => form.post(route('webhooks.store', { id: organization.id }), { preserveScroll: true })}
          />
        </Card>
      </FormColumn>
    </>
  );
}
