import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

/** Admins: where the organisation's API tokens are managed (Organizations/ApiTokens). */
export default function ApiTokensLink({ organizationId }: { organizationId: number }) {
  const t = useT();
  return (
    <Card title={t('organizations.apiTokens.link.title')} description={t('organizations.apiTokens.link.description')}>
      <Button variant="secondary" href={route('api-tokens.index', { id: organizationId })}>
        {t('organizations.apiTokens.link.open')}
      </Button>
    </Card>
  );
}
