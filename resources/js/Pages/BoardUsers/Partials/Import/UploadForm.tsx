import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Field } from '@/Components/Field';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';
import { arrowIcon } from '@/Components/icons/arrow';

/** Step 1: choose a CSV file (one over the size limit is refused here, before it is sent). */
export function UploadForm({ limits }: { limits: { maxRows: number; maxMegabytes: number } }) {
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
          form.post('/board-users/import', { forceFormData: true });
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
    </Card>
  );
}
