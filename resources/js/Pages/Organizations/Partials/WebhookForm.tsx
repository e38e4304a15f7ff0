import type { FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Checkbox } from '@/Components/Checkbox';
import { TextField } from '@/Components/TextField';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';

export interface WebhookFormData {
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
}

/** An event's name as receivers see it, with its subject and event in the reader's language. */
export function useEventLabel() {
  const t = useT();
  return (kind: string) => {
    const dot = kind.indexOf('.');
    return `${t(`app.activity.subjects.${kind.slice(0, dot)}`)} · ${t(`app.activity.events.${kind.slice(dot + 1)}`)}`;
  };
}

/** The endpoint's URL, description and events (and, when editing, whether it is active). */
export default function WebhookForm({
  initial,
  events,
  editing,
  httpAllowed,
  submitLabel,
  onSubmit,
}: {
  initial: WebhookFormData;
  events: string[];
  editing: boolean;
  httpAllowed?: boolean;
  submitLabel: string;
  onSubmit: (form: ReturnType<typeof useAppForm<WebhookFormData>>) => void;
}) {
  const t = useT();
  const label = useEventLabel();
  const form = useAppForm<WebhookFormData>(initial);
  const errors = form.errors as Record<string, string | undefined>;
  const toggle = (kind: string, on: boolean) => form.setData('events', on ? [...form.data.events, kind] : form.data.events.filter((e) => e !== kind));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(form);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="webhook-form">
      <TextField
        form={form}
        name="url"
        type="url"
        label={t('organizations.webhooks.form.url')}
        hint={t(httpAllowed ? 'organizations.webhooks.form.urlHintHttp' : 'organizations.webhooks.form.urlHint')}
      />
      <TextField form={form} name="description" label={t('organizations.webhooks.form.description')} optional />
      <fieldset>
        <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">{t('organizations.webhooks.form.events')}</legend>
        <div className="mt-1 flex gap-3 text-sm">
          <button type="button" className="text-brand-700 underline dark:text-brand-300" onClick={() => form.setData('events', [...events])}>
            {t('organizations.webhooks.form.all')}
          </button>
          <button type="button" className="text-brand-700 underline dark:text-brand-300" onClick={() => form.setData('events', [])}>
            {t('organizations.webhooks.form.none')}
          </button>
        </div>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {events.map((kind) => (
            <Checkbox key={kind} name="events" value={kind} label={label(kind)} hint={kind} checked={form.data.events.includes(kind)} onChange={(e) => toggle(kind, e.target.checked)} />
          ))}
        </div>
        {errors.events ? <p className="mt-2 text-sm text-red-600 dark:text-red-400">{errors.events}</p> : null}
      </fieldset>
      {editing ? <Checkbox name="enabled" label={t('organizations.webhooks.form.enabled')} checked={form.data.enabled} onChange={(e) => form.setData('enabled', e.target.checked)} /> : null}
      <div className="flex justify-end">
        <Button type="submit" processing={form.processing}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
