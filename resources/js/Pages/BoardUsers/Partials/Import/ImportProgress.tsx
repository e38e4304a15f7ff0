import { router } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import { Badge } from '@/Components/Badge';
import { Button, buttonClasses } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Icon } from '@/Components/Icon';
import { alertIcon } from '@/Components/icons/alert';
import { downloadIcon } from '@/Components/icons/download';
import { useFormatters } from '@/hooks/useFormatters';
import { useOrganizationEvent } from '@/hooks/useRealtime';
import { useT } from '@/i18n';
import { statusTones, type ImportView } from './types';
import { route } from '../../../../../../shared/routes';

const ACTIVE = ['queued', 'running'];

/** Step 3: the import runs in the background; its progress arrives live (and by a slow poll as a fallback). */
export function ImportProgress({ imp }: { imp: ImportView }) {
  const t = useT();
  const fmt = useFormatters();
  const [progress, setProgress] = useState<ImportView>(imp);
  useEffect(() => setProgress(imp), [imp]);
  useOrganizationEvent('BoardUserImportProgress', (payload) => {
    if (payload.id !== imp.id) return;
    setProgress((current) => ({ ...current, ...payload }));
    if (!ACTIVE.includes(payload.status)) router.reload({ only: ['import', 'recent'] });
  });
  const active = ACTIVE.includes(progress.status);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => router.reload({ only: ['import', 'recent'], showProgress: false } as never), 3_000);
    return () => window.clearInterval(timer);
  }, [active]);
  const percent = progress.total_rows ? Math.round((progress.processed_rows / progress.total_rows) * 100) : 0;
  const counts: [string, number][] = [
    [t('boardUsers.import.progress.created'), progress.created_count],
    [t('boardUsers.import.progress.updated'), progress.updated_count],
    [t('boardUsers.import.progress.skipped'), progress.skipped_count],
    [t('boardUsers.import.progress.failed'), progress.failed_count],
  ];

  return (
    <Card
      title={imp.filename}
      description={active ? t('boardUsers.import.progress.leave') : undefined}
      actions={<Badge tone={statusTones[progress.status]}>{t('boardUsers.import.status', { status: progress.status })}</Badge>}
    >
      <div className="space-y-5">
        <div>
          <div className="mb-1 flex justify-between text-sm text-slate-700 dark:text-slate-300">
            <span id="import-progress-label">{t('boardUsers.import.progress.processed', { processed: progress.processed_rows, total: progress.total_rows })}</span>
            <span className="tabular-nums">{t('boardUsers.import.progress.percent', { percent })}</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="import-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div className="h-full rounded-full bg-brand-400 transition-[width] duration-300" style={{ width: `${percent}%` }} />
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {counts.map(([label, value]) => (
            <div key={label} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
              <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums dark:text-white">{fmt.number(value)}</dd>
            </div>
          ))}
        </dl>
        {progress.message ? (
          <p role="alert" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200">
            <Icon icon={alertIcon} className="mt-0.5 size-4 shrink-0" />
            {progress.message}
          </p>
        ) : null}
        {!active ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            {progress.failed_count > 0 ? (
              <a href={route('board-user-imports.failures', { import: imp.id })} download className={buttonClasses({ variant: 'secondary' })}>
                <Icon icon={downloadIcon} className="size-4" />
                {t('boardUsers.import.progress.downloadFailed', { count: progress.failed_count })}
              </a>
            ) : null}
            <Button href={route('board-user-imports.index')} variant="secondary">
              {t('boardUsers.import.progress.another')}
            </Button>
            <Button href={route('board-users.index')}>{t('boardUsers.import.progress.goToList')}</Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
