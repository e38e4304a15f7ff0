import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Field } from '@/Components/Field';
import { useAppForm } from '@/hooks/useAppForm';

/** Step 1: choose a CSV file. */
export function UploadForm({ limits }: { limits: { maxRows: number; maxMegabytes: number } }) {
  const form = useAppForm<{ file: File | null }>({ file: null });
  return (
    <Card title="Upload a CSV file" description="The first row names the columns. Commas or semicolons; UTF-8 (with or without BOM) or Windows-1252, as spreadsheets save them.">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          form.post('/board-users/import', { forceFormData: true });
        }}
        className="space-y-4"
      >
        <Field label="CSV file" error={form.errors.file} hint={`Up to ${limits.maxMegabytes} MB and ${limits.maxRows.toLocaleString('en-US')} rows. An export of this list imports as it is.`} required>
          {(props) => (
            <input
              {...props}
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(e) => form.setData('file', e.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-700 file:mr-4 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100 dark:hover:file:bg-slate-700"
            />
          )}
        </Field>
        {form.progress ? (
          <progress value={form.progress.percentage ?? 0} max={100} aria-label="Upload progress" className="h-2 w-full overflow-hidden rounded accent-brand-500" />
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" icon="arrow" processing={form.processing} disabled={!form.data.file}>
            Upload and map columns
          </Button>
        </div>
      </form>
    </Card>
  );
}
