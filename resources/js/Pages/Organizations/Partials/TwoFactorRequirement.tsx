import type { FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Checkbox } from '@/Components/Checkbox';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

/** Admins: members must turn on two-factor sign-in (or add a passkey) before anything else here. */
export default function TwoFactorRequirement({ organizationId, required }: { organizationId: number; required: boolean }) {
  const t = useT();
  const form = useAppForm({ require_two_factor: required });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.put(route('organizations.two-factor-requirement', { id: organizationId }), { preserveScroll: true });
  };
  return (
    <Card title={t('organizations.twoFactor.title')} description={t('organizations.twoFactor.description')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Checkbox
          label={t('organizations.twoFactor.label')}
          hint={t('organizations.twoFactor.hint')}
          checked={form.data.require_two_factor}
          error={(form.errors as Record<string, string | undefined>).require_two_factor}
          onChange={(e) => form.setData('require_two_factor', e.target.checked)}
        />
        <div className="flex justify-end">
          <Button type="submit" processing={form.processing} disabled={!form.isDirty}>
            {t('organizations.twoFactor.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
