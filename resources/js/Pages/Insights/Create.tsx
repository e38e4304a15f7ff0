import { Head } from '@inertiajs/react';
import { PageHeader } from '@/Components/PageHeader';
import InsightForm from './Form';
import type { BoardUserOption, InsightCategory, InsightFormData } from './types';
import { useAppForm } from '@/hooks/useAppForm';

export interface CreateProps {
  categories: InsightCategory[];
  boardUserOptions: BoardUserOption[];
  preselected: number[];
}

export default function Create({ categories, boardUserOptions, preselected }: CreateProps) {
  const form = useAppForm<InsightFormData>({ title: '', summary: '', body: '', category: '', board_user_ids: preselected });
  return (
    <>
      <Head title="Write an insight" />
      <PageHeader title="Write an insight" description="It is saved as a draft; publish it when it is ready." back={{ href: '/insights', label: 'Insights' }} />
      <InsightForm form={form} categories={categories} boardUserOptions={boardUserOptions} submitLabel="Save draft" cancelHref="/insights" onSubmit={() => form.post('/insights')} />
    </>
  );
}
