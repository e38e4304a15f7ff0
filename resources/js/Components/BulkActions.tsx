import { usePage } from '@inertiajs/react';
import { useState } from 'react';
import { Button, type ButtonVariant } from './Button';
import { BulkBar, downloadSelection, SelectPageCheckbox, useBulkRequest, type BulkSelection } from './BulkSelection';
import { ConfirmDialog } from './ConfirmDialog';
import { Field } from './Field';
import type { IconGlyph } from './Icon';
import { downloadIcon } from './icons/download';
import { TextInput } from './TextInput';
import { useT } from '@/i18n';

/** One bulk action: its button, and the confirmation that names the count. */
export interface BulkActionDefinition {
  key: string;
  label: string;
  variant?: ButtonVariant;
  icon?: IconGlyph;
  /** The request body's action fields, e.g. `{ action: 'status', status: 'inactive' }`. */
  body: Record<string, unknown>;
  title: (n: number) => string;
  confirmLabel: (n: number) => string;
  description?: string;
  /** Asks for a tag (sent as `tag`) in the confirmation. */
  withTag?: boolean;
  danger?: boolean;
}

export interface BulkActionsProps {
  selection: BulkSelection;
  total: number;
  filters: Record<string, string>;
  /** "12 board users" */
  noun: (n: number) => string;
  /** POST target of the actions, and of the export (`{url}/export`). */
  url: string;
  /** Actions the user may run (empty for readers: they can still export). */
  actions: BulkActionDefinition[];
}

/**
 * The bulk bar of an index table: the selection's count, "select all matching", the actions
 * (each confirmed, naming the count), the export of the selection, and the undo toast after a
 * delete.
 */
export function BulkActions({ selection, total, filters, noun, url, actions }: BulkActionsProps) {
  const errors = (usePage().props as { errors?: Record<string, string> }).errors ?? {};
  const { processing, send } = useBulkRequest(url, selection, filters);
  const [pending, setPending] = useState<BulkActionDefinition | null>(null);
  const [tag, setTag] = useState('');
  const n = selection.count;
  const t = useT();
  const close = () => setPending(null);
  const exportButton = (
    <Button key="export" size="sm" variant="secondary" icon={downloadIcon} onClick={() => downloadSelection(`${url}/export`, selection.payload(filters))}>
      {t('app.bulk.export')}
    </Button>
  );
  return (
    <>
      {/* Phones have no header row (the table turns into cards): the page's box sits here. */}
      {/* biome-ignore lint/a11y/noLabelWithoutControl: SelectPageCheckbox renders the input this label wraps */}
      <label className="flex items-center gap-3 border-b border-slate-200 px-4 py-2.5 text-sm text-slate-700 sm:hidden dark:border-slate-700/70 dark:text-slate-300">
        <SelectPageCheckbox selection={selection} />
        {t('app.bulk.selectPage')}
      </label>
      <BulkBar selection={selection} total={total} noun={noun}>
        {actions
          .filter((a) => !a.danger)
          .map((a) => (
            <Button key={a.key} size="sm" variant={a.variant ?? 'secondary'} icon={a.icon} onClick={() => setPending(a)}>
              {a.label}
            </Button>
          ))}
        {exportButton}
        {actions
          .filter((a) => a.danger)
          .map((a) => (
            <Button key={a.key} size="sm" variant="danger" icon={a.icon} onClick={() => setPending(a)}>
              {a.label}
            </Button>
          ))}
      </BulkBar>
      {errors.ids ? (
        <p role="alert" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300">
          {errors.ids}
        </p>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.title(n) ?? ''}
        description={pending?.description}
        tone={pending?.danger ? 'danger' : 'primary'}
        confirmLabel={pending?.confirmLabel(n)}
        processing={processing}
        onConfirm={() => pending && send({ ...pending.body, ...(pending.withTag ? { tag } : {}) }, close)}
        onClose={close}
      >
        {pending?.withTag ? (
          <Field label={t('app.bulk.tag')} error={errors.tag} required>
            {(props) => <TextInput {...props} value={tag} maxLength={30} onChange={(e) => setTag(e.target.value)} autoComplete="off" />}
          </Field>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
