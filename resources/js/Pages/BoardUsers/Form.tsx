import type { InertiaFormProps } from '@inertiajs/react';
import { Field } from '@/Components/Field';
import { FormCard } from '@/Components/FormCard';
import { Select } from '@/Components/Select';
import { TextArea } from '@/Components/TextArea';
import { TextInput } from '@/Components/TextInput';
import { Trans, useT } from '@/i18n';
import { MAX_TAGS, tagCount, type BoardUserFormData, type BoardUserStatus } from './types';

export interface BoardUserFormProps {
  form: InertiaFormProps<BoardUserFormData>;
  statuses: readonly BoardUserStatus[];
  submitLabel: string;
  onSubmit: () => void;
  cancelHref: string;
}

/** The fields of a board user, shared by Create and Edit. */
export default function BoardUserForm({ form, statuses, submitLabel, onSubmit, cancelHref }: BoardUserFormProps) {
  const t = useT();
  const errors = form.errors as Record<string, string | undefined>;
  // Too many tags reports as `tags`, a bad tag as `tags.3`: both show under the tags field.
  const tagError = [errors.tags, Object.entries(errors).find(([key]) => key.startsWith('tags.'))?.[1]].filter(Boolean).join(' ') || undefined;
  const tags = tagCount(form.data.tags);
  const tooMany = tags > MAX_TAGS;

  return (
    <FormCard onSubmit={onSubmit} submitLabel={submitLabel} cancelHref={cancelHref} processing={form.processing} formError={errors.form}>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label={t('boardUsers.form.fields.firstName')} required error={errors.first_name}>
          {(p) => <TextInput {...p} value={form.data.first_name} maxLength={100} autoComplete="off" onChange={(e) => form.setData('first_name', e.target.value)} />}
        </Field>
        <Field label={t('boardUsers.form.fields.lastName')} required error={errors.last_name}>
          {(p) => <TextInput {...p} value={form.data.last_name} maxLength={100} autoComplete="off" onChange={(e) => form.setData('last_name', e.target.value)} />}
        </Field>
        <Field label={t('boardUsers.form.fields.email')} optional error={errors.email}>
          {(p) => <TextInput {...p} type="email" value={form.data.email} maxLength={255} autoComplete="off" onChange={(e) => form.setData('email', e.target.value)} />}
        </Field>
        <Field label={t('boardUsers.form.fields.phone')} optional error={errors.phone}>
          {(p) => <TextInput {...p} type="tel" value={form.data.phone} maxLength={50} autoComplete="off" onChange={(e) => form.setData('phone', e.target.value)} />}
        </Field>
        <Field label={t('boardUsers.form.fields.position')} optional hint={t('boardUsers.form.fields.positionHint')} error={errors.position}>
          {(p) => <TextInput {...p} value={form.data.position} maxLength={100} onChange={(e) => form.setData('position', e.target.value)} />}
        </Field>
        <Field label={t('boardUsers.form.fields.board')} optional hint={t('boardUsers.form.fields.boardHint')} error={errors.board_name}>
          {(p) => <TextInput {...p} value={form.data.board_name} maxLength={200} onChange={(e) => form.setData('board_name', e.target.value)} />}
        </Field>
        <Field label={t('boardUsers.form.fields.status')} required error={errors.status}>
          {(p) => (
            <Select
              {...p}
              value={form.data.status}
              onChange={(e) => form.setData('status', e.target.value as BoardUserStatus)}
              options={statuses.map((s) => ({ value: s, label: t('boardUsers.status.label', { status: s }) }))}
            />
          )}
        </Field>
        <Field label={t('boardUsers.form.fields.joinedOn')} optional error={errors.joined_on}>
          {(p) => <TextInput {...p} type="date" value={form.data.joined_on} onChange={(e) => form.setData('joined_on', e.target.value)} />}
        </Field>
        <Field label={t('boardUsers.form.fields.termStartedOn')} optional error={errors.term_started_on}>
          {(p) => <TextInput {...p} type="date" value={form.data.term_started_on} onChange={(e) => form.setData('term_started_on', e.target.value)} />}
        </Field>
        <Field label={t('boardUsers.form.fields.termEndsOn')} optional hint={t('boardUsers.form.fields.termEndsOnHint')} error={errors.term_ends_on}>
          {(p) => <TextInput {...p} type="date" value={form.data.term_ends_on} min={form.data.term_started_on || undefined} onChange={(e) => form.setData('term_ends_on', e.target.value)} />}
        </Field>
        <Field
          label={t('boardUsers.form.fields.tags')}
          optional
          className="sm:col-span-2"
          hint={
            <Trans
              id="boardUsers.form.fields.tagsHint"
              values={{ max: MAX_TAGS, count: tags, tooMany: tooMany ? 'yes' : 'no' }}
              components={{ 0: <span className={tooMany ? 'font-medium text-red-600 dark:text-red-400' : undefined} /> }}
            />
          }
          error={tagError ?? (tooMany ? t('boardUsers.form.fields.tooManyTags', { max: MAX_TAGS, count: tags }) : undefined)}
        >
          {(p) => <TextInput {...p} value={form.data.tags} placeholder={t('boardUsers.form.fields.tagsPlaceholder')} onChange={(e) => form.setData('tags', e.target.value)} />}
        </Field>
        <Field
          label={t('boardUsers.form.fields.notes')}
          optional
          className="sm:col-span-2"
          error={errors.notes}
          hint={t('boardUsers.form.fields.notesHint', { count: form.data.notes.length, max: 5000 })}
        >
          {(p) => <TextArea {...p} rows={5} value={form.data.notes} maxLength={5000} onChange={(e) => form.setData('notes', e.target.value)} />}
        </Field>
      </div>
    </FormCard>
  );
}
