import type { FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Checkbox } from '@/Components/Checkbox';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

/** Admins: staff see board members' names with their reads (else counts only, none below three). */
export default function ReadReceipts({ organizationId, named }: { organizationId: number; named: boolean }) {
  const t = useT();
  const form = useAppForm({ named_read_receipts: named });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.put(route('organizations.read-receipts', { id: organizationId }), { preserveScroll: true });
  };
  return (
    <Card title={t('organizations.readReceipts.title')} description={t('organizations.readReceipts.description')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Checkbox
          label={t('organizations.readReceipts.label')}
          hint={t('organizations.readReceipts.hint')}
          checked={form.data.named_read_receipts}
          error={(form.errors as Record<string, string | undefined>).named_read_receipts}
          onChange={(e) => form.setData('named_read_receipts', e.target.checked)}
        />
        <div className="flex justify-end">
          <Button type="submit" processing={form.processing} disabled={!form.isDirty}>
            {t('organizations.readReceipts.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
