import { Badge } from '@/Components/Badge';
import { useFormatters } from '@/hooks/useFormatters';
import { useT } from '@/i18n';

/** A webhook endpoint as its pages show it (the list adds what is pending, the endpoint's page its secret). */
export interface WebhookEndpointFields {
  id: number;
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
}

/** An endpoint's state as a badge: on (and failing since when), or off by hand or after failing. */
export function EndpointState({ endpoint }: { endpoint: Pick<WebhookEndpointFields, 'enabled' | 'disabled_reason' | 'failing_since'> }) {
  const t = useT();
  const f = useFormatters();
  if (!endpoint.enabled) return <Badge tone="danger">{t(endpoint.disabled_reason === 'failing' ? 'organizations.webhooks.state.failing' : 'organizations.webhooks.state.manual')}</Badge>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge tone="success">{t('organizations.webhooks.state.enabled')}</Badge>
      {endpoint.failing_since ? <Badge tone="warning">{t('organizations.webhooks.state.failingSince', { time: f.dateTime(endpoint.failing_since) })}</Badge> : null}
    </span>
  );
}
