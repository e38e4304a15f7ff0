import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Field } from '@/Components/Field';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';
import { arrowIcon } from '@/Components/icons/arrow';
import { downloadIcon } from '@/Components/icons/download';
import { Badge } from '@/Components/Badge';
import { buttonClasses } from '@/Components/Button';
import { Icon } from '@/Components/Icon';
import type { ImportColumn } from './types';
import { route } from '../../../../../../shared/routes';

/** Step 1: choose a CSV file (one over the size limit is refused here, before it is sent). */
export function UploadForm({ limits, columns }: { limits: { maxRows: number; maxMegabytes: number }; columns: ImportColumn[] }) {
  const t = useT();
  const form = useAppForm<{ file: File | null }>({ file: null });
  const choose = (file: File | null) => {
    form.setData('file', file);
    if (file && file.size > limits.maxMegabytes * 1024 * 1024) form.setError('file', t('boardUsers.import.upload.tooLarge', { megabytes: limits.maxMegabytes }));
  };
  const tooLarge = !!form.data.file && form.data.file.size > limits.maxMegabytes * 1024 * 1024;
  return (
    <Card title={t('boardUsers.import.upload.title')} description={t('boardUsers.import.upload.description')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          form.post(route('board-user-imports.store'), { forceFormData: true });
        }}
        className="space-y-4"
      >
        <Field label={t('boardUsers.import.upload.file')} error={form.errors.file} hint={t('boardUsers.import.upload.hint', { megabytes: limits.maxMegabytes, rows: limits.maxRows })} required>
          {(props) => (
            <input
              {...props}
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-700 file:mr-4 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100 dark:hover:file:bg-slate-700"
            />
          )}
        </Field>
        {form.progress ? (
          <progress value={form.progress.percentage ?? 0} max={100} aria-label={t('boardUsers.import.upload.progress')} className="h-2 w-full overflow-hidden rounded accent-brand-500" />
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" icon={arrowIcon} processing={form.processing} disabled={!form.data.file || tooLarge}>
            {t('boardUsers.import.upload.submit')}
          </Button>
        </div>
      </form>
      <AcceptedColumns columns={columns} />
    </Card>
  );
}

/** The columns a file may have (and their other names), with a template to start from. */
function AcceptedColumns({ columns }: { columns: ImportColumn[] }) {
  const t = useT();
  return (
    <section aria-labelledby="import-columns-title" className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-700/70">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id="import-columns-title" className="text-sm font-semibold text-slate-900 dark:text-white">
            {t('boardUsers.import.columns.title')}
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('boardUsers.import.columns.description')}</p>
        </div>
        <a href={route('board-user-imports.template')} download className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'shrink-0 self-start' })}>
          <Icon icon={downloadIcon} className="size-4" />
          {t('boardUsers.import.columns.template')}
        </a>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {columns.map((column) => (
          <div key={column.field} className="min-w-0">
            <dt className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900 dark:text-white">{column.label}</span>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">{column.field}</code>
              {column.required ? <Badge tone="info">{t('boardUsers.import.columns.required')}</Badge> : null}
            </dt>
            <dd className="mt-0.5 text-xs break-words text-slate-600 dark:text-slate-400">
              {column.aliases.length ? t('boardUsers.import.columns.aliases', { aliases: column.aliases.join(', ') }) : t('boardUsers.import.columns.noAliases')}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
