import { Head } from '@inertiajs/react';
import { PageHeader } from '@/Components/PageHeader';
import OrganizationForm, { type OrganizationFormData } from './Form';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';
import { emptyOrganizationForm } from '../../../../shared/organization-fields';
import { route } from '../../../../shared/routes';

export default function Create() {
  const t = useT();
  const form = useAppForm<OrganizationFormData>(emptyOrganizationForm());

  return (
    <>
      <Head title={t('organizations.create.title')} />
      <PageHeader title={t('organizations.create.title')} description={t('organizations.create.description')} back={{ href: route('organizations.index'), label: t('organizations.create.back') }} />
      <OrganizationForm form={form} creating submitLabel={t('organizations.create.submit')} cancelHref={route('organizations.index')} onSubmit={() => form.post(route('organizations.store'))} />
    </>
  );
}
