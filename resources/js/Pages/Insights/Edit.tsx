import { Head } from '@inertiajs/react';
import { PageHeader } from '@/Components/PageHeader';
import TrashedBanner from '@/Components/TrashedBanner';
import InsightForm from './Form';
import { DeleteInsight } from './Partials/DeleteInsight';
import type { BoardUserOption, InsightCategory, InsightFormData, InsightStatus } from './types';
import { ConflictNotice } from '@/Components/ConflictNotice';
import { useAppForm } from '@/hooks/useAppForm';
import { useConflict } from '@/hooks/useConflict';
import { useLiveReload } from '@/hooks/useRealtime';
import { useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface EditProps {
  insight: {
    id: number;
    title: string;
    summary: string;
    body: string;
    category: InsightCategory;
    status: InsightStatus;
    deleted_at: string | null;
    board_user_ids: number[];
    shared?: boolean;
    version: string;
  };
  categories: InsightCategory[];
  boardUserOptions: BoardUserOption[];
}

export default function Edit({ insight, categories, boardUserOptions }: EditProps) {
  const current = {
    title: insight.title,
    summary: insight.summary,
    body: insight.body,
    category: insight.category,
    board_user_ids: insight.board_user_ids,
    version: insight.version,
  };
  const form = useAppForm<InsightFormData & { version: string }>(current);
  const conflict = useConflict(form, current);
  // A colleague's save shows at once, not only when this form is saved.
  useLiveReload(['InsightChanged'], ['insight'], { when: (event) => event.id === insight.id });
  const t = useT();
  const optionName = (id: number) => boardUserOptions.find((o) => o.value === id)?.label ?? `#${id}`;
  return (
    <>
      <Head title={t('insights.edit.headTitle', { title: insight.title })} />
      <PageHeader
        title={t('insights.edit.title')}
        description={insight.title}
        back={{ href: route('insights.show', { id: insight.id }), label: t('insights.edit.back') }}
        actions={insight.deleted_at ? null : <DeleteInsight id={insight.id} shared={!!insight.shared} />}
      />
      {insight.deleted_at ? <TrashedBanner what={t('insights.trashedWhat')} restoreUrl={route('insights.restore', { id: insight.id })} canRestore /> : null}
      <ConflictNotice
        {...conflict}
        width="wide"
        onChoose={conflict.choose}
        onChooseAll={conflict.chooseAll}
        label={(key) => t(`insights.form.fields.${key === 'board_user_ids' ? 'boardUsers' : key}`)}
        show={(key, value) =>
          key === 'board_user_ids' ? (value as number[]).map(optionName).join(', ') : key === 'category' && value ? t('insights.category', { category: String(value) }) : String(value ?? '')
        }
      />
      <InsightForm
        form={form}
        categories={categories}
        boardUserOptions={boardUserOptions}
        submitLabel={t('insights.edit.submit')}
        cancelHref={route('insights.show', { id: insight.id })}
        onSubmit={() => form.put(route('insights.update', { id: insight.id }), { preserveScroll: true })}
      />
    </>
  );
}
