import type { InertiaFormProps } from '@inertiajs/react';
import { useCallback } from 'react';
import { Field } from '@/Components/Field';
import { FormCard } from '@/Components/FormCard';
import { MarkdownEditor } from '@/Components/MarkdownEditor';
import { MultiSelect, type MultiSelectOption } from '@/Components/MultiSelect';
import { Select } from '@/Components/Select';
import { TextArea } from '@/Components/TextArea';
import { TextInput } from '@/Components/TextInput';
import { http } from '@/lib/http';
import { useT } from '@/i18n';
import { categoryLabel, type BoardUserOption, type InsightCategory, type InsightFormData } from './types';
import { route } from '../../../../shared/routes';
import { INSIGHT_FIELDS } from '../../../../shared/insight-fields';

export interface InsightFormProps {
  form: InertiaFormProps<InsightFormData>;
  categories: readonly InsightCategory[];
  boardUserOptions: BoardUserOption[];
  submitLabel: string;
  cancelHref: string;
  onSubmit: () => void;
}

/** Server search of the organisation's board users for the picker. */
async function searchBoardUsers(query: string, signal: AbortSignal): Promise<MultiSelectOption[]> {
  const response = await http.get<{ data: MultiSelectOption[] }>(route('board-users.options'), { params: { search: query }, signal, headers: { Accept: 'application/json' } });
  return response.data.data;
}

/** The fields of an insight, shared by Create and Edit. */
export default function InsightForm({ form, categories, boardUserOptions, submitLabel, cancelHref, onSubmit }: InsightFormProps) {
  const errors = form.errors as Record<string, string | undefined>;
  const linkError = errors.board_user_ids ?? Object.entries(errors).find(([key]) => key.startsWith('board_user_ids.'))?.[1];
  const load = useCallback(searchBoardUsers, []);
  const t = useT();

  return (
    <FormCard onSubmit={onSubmit} submitLabel={submitLabel} cancelHref={cancelHref} processing={form.processing} formError={errors.form} width="wide">
      <div className="grid gap-6 sm:grid-cols-3">
        <Field label={t('insights.form.fields.title')} required error={errors.title} className="sm:col-span-2">
          {(p) => <TextInput {...p} value={form.data.title} maxLength={INSIGHT_FIELDS.title.max} onChange={(e) => form.setData('title', e.target.value)} />}
        </Field>
        <Field label={t('insights.form.fields.category')} required error={errors.category}>
          {(p) => (
            <Select
              {...p}
              value={form.data.category}
              onChange={(e) => form.setData('category', e.target.value as InsightCategory)}
              placeholder={t('insights.form.categoryPlaceholder')}
              options={categories.map((c) => ({ value: c, label: categoryLabel(t, c) }))}
            />
          )}
        </Field>
        <Field label={t('insights.form.fields.summary')} optional className="sm:col-span-3" hint={t('insights.form.summaryHint', { length: form.data.summary.length })} error={errors.summary}>
          {(p) => <TextArea {...p} rows={2} value={form.data.summary} maxLength={INSIGHT_FIELDS.summary.max} onChange={(e) => form.setData('summary', e.target.value)} />}
        </Field>
        <Field label={t('insights.form.fields.boardUsers')} optional className="sm:col-span-3" hint={t('insights.form.boardUsersHint')} error={linkError}>
          {(p) => (
            <MultiSelect
              {...p}
              options={boardUserOptions}
              value={form.data.board_user_ids}
              onChange={(ids) => form.setData('board_user_ids', ids as number[])}
              loadOptions={load}
              itemsLabel={t('insights.form.boardUserItems')}
              selectedLabel={t('insights.form.selectedBoardUsers')}
              placeholder={t('insights.form.boardUsersPlaceholder')}
            />
          )}
        </Field>
        <Field label={t('insights.form.fields.body')} optional className="sm:col-span-3" error={errors.body}>
          {(p) => <MarkdownEditor {...p} value={form.data.body} onChange={(v) => form.setData('body', v)} previewUrl={route('insights.preview')} maxLength={50_000} />}
        </Field>
      </div>
    </FormCard>
  );
}
