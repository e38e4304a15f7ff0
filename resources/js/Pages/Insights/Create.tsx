import { Head } from '@inertiajs/react';
import { PlanLimitNotice, type PlanLimit } from '@/Components/LimitNotice';
import { FORM_WIDTHS } from '@/Components/layout';
import { PageHeader } from '@/Components/PageHeader';
import InsightForm from './Form';
import type { BoardUserOption, InsightCategory, InsightFormData } from './types';
import { emptyInsightForm } from '../../../../shared/insight-fields';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface CreateProps {
  categories: InsightCategory[];
  boardUserOptions: BoardUserOption[];
  preselected: number[];
  /** At the limit the notice takes the form's place (the server would refuse it anyway). */
  limit: PlanLimit;
}

export default function Create({ categories, boardUserOptions, preselected, limit }: CreateProps) {
  const form = useAppForm<InsightFormData>(emptyInsightForm(preselected));
  const t = useT();
  return (
    <>
      <Head title={t('insights.create.title')} />
      <PageHeader title={t('insights.create.title')} description={t('insights.create.description')} back={{ href: route('insights.index'), label: t('insights.create.back') }} />
      {limit.full ? (
        <PlanLimitNotice limit={limit} className={FORM_WIDTHS.form} />
      ) : (
        <InsightForm
          form={form}
          categories={categories}
          boardUserOptions={boardUserOptions}
          submitLabel={t('insights.create.submit')}
          cancelHref={route('insights.index')}
          onSubmit={() => form.post(route('insights.store'))}
        />
      )}
    </>
  );
}
