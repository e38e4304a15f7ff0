import { Head, useForm } from '@inertiajs/react';
import { PageHeader } from '@/Components/PageHeader';
import TrashedBanner from '@/Components/TrashedBanner';
import InsightForm from './Form';
import type { BoardUserOption, InsightCategory, InsightFormData, InsightStatus } from './types';

export interface EditProps {
  insight: { id: number; title: string; summary: string; body: string; category: InsightCategory; status: InsightStatus; deleted_at: string | null; board_user_ids: number[] };
  categories: InsightCategory[];
  boardUserOptions: BoardUserOption[];
}

export default function Edit({ insight, categories, boardUserOptions }: EditProps) {
  const form = useForm<InsightFormData>({
    title: insight.title,
    summary: insight.summary,
    body: insight.body,
    category: insight.category,
    board_user_ids: insight.board_user_ids,
  });
  return (
    <>
      <Head title={`Edit ${insight.title}`} />
      <PageHeader title="Edit insight" description={insight.title} back={{ href: `/insights/${insight.id}`, label: 'Back to the insight' }} />
      {insight.deleted_at ? <TrashedBanner what="insight" restoreUrl={`/insights/${insight.id}/restore`} canRestore /> : null}
      <InsightForm
        form={form}
        categories={categories}
        boardUserOptions={boardUserOptions}
        submitLabel="Save changes"
        cancelHref={`/insights/${insight.id}`}
        onSubmit={() => form.put(`/insights/${insight.id}`, { preserveScroll: true })}
      />
    </>
  );
}
