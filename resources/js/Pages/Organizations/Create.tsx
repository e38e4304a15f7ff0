import { Head } from '@inertiajs/react';
import { PageHeader } from '@/Components/PageHeader';
import OrganizationForm, { type OrganizationFormData } from './Form';
import { useAppForm } from '@/hooks/useAppForm';

export default function Create() {
  const form = useAppForm<OrganizationFormData>({ name: '', slug: '', description: '', website: '', public_page_enabled: true });

  return (
    <>
      <Head title="New organization" />
      <PageHeader
        title="New organization"
        description="You will be its owner, it becomes your current organization, and it starts with a 14-day trial of the Team plan."
        back={{ href: '/organizations', label: 'Organizations' }}
      />
      <OrganizationForm form={form} creating submitLabel="Create organization" cancelHref="/organizations" onSubmit={() => form.post('/organizations')} />
    </>
  );
}
