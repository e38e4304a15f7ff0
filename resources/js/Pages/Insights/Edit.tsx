import { Head } from '@inertiajs/react';
import { PageHeader } from '@/Components/PageHeader';
import TrashedBanner from '@/Components/TrashedBanner';
import InsightForm from './Form';
import { DeleteInsight } from './Partials/DeleteInsight';
import type { BoardUserOption, InsightCategory, InsightFormData, InsightStatus } from './types';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';

export interface EditProps {
  insight: { id: number; title: string; summary: string; body: string; category: InsightCategory; status: InsightStatus; deleted_at: string | null; board_user_ids: number[]; shared?: boolean };
  categories: InsightCategory[];
  boardUserOptions: BoardUserOption[];
}

export default function Edit({ insight, categories, boardUserOptions }: EditProps) {
  const form = useAppForm<InsightFormData>({
    title: insight.title,
    summary: insight.summary,
    body: insight.body,
    category: insight.category,
    board_user_ids: insight.board_user_ids,
  });
  const t = useT();
  return (
    <>
      <Head title={t('insights.edit.headTitle', { title: insight.title })} />
      <PageHeader
        title={t('insights.edit.title')}
        description={insight.title}
        back={{ href: `/insights/${insight.id}`, label: t('insights.edit.back') }}
        actions={insight.deleted_at ? null : <DeleteInsight id={insight.id} shared={!!insight.shared} />}
      />
      {insight.deleted_at ? <TrashedBanner what={t('insights.trashedWhat')} restoreUrl={`/insights/${insight.id}/restore`} canRestore /> : null}
      <InsightForm
        form={form}
        categories={categories}
        boardUserOptions={boardUserOptions}
        submitLabel={t('insights.edit.submit')}
        cancelHref={`/insights/${insight.id}`}
        onSubmit={() => form.put(`/insights/${insight.id}`, { preserveScroll: true })}
      />
    </>
  );
}
