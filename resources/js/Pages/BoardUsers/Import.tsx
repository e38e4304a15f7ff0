import { Head } from '@inertiajs/react';
import { PlanLimitNotice, type PlanLimit } from '@/Components/LimitNotice';
import { PageHeader } from '@/Components/PageHeader';
import { useT } from '@/i18n';
import { ImportProgress } from './Partials/Import/ImportProgress';
import { MappingForm } from './Partials/Import/MappingForm';
import { RecentImports } from './Partials/Import/RecentImports';
import type { FieldOption, ImportColumn, ImportView, PreviewRow, RecentImport, RowProblems } from './Partials/Import/types';
import { UploadForm } from './Partials/Import/UploadForm';
import { route } from '../../../../shared/routes';

export interface ImportProps {
  import: ImportView | null;
  preview: PreviewRow[];
  /** Rows of the whole file that would fail (a pending import's, deferred: undefined until it arrives), null otherwise. */
  problems?: RowProblems | null;
  fields: FieldOption[];
  /** The accepted columns and their other names, for the upload step. */
  columns: ImportColumn[];
  recent: RecentImport[];
  limits: { maxRows: number; maxMegabytes: number };
  /** The plan's board-user limit: at it, no new upload is offered. */
  limit: PlanLimit;
}

/** CSV import of board users: upload → map columns and preview → import in the background. */
export default function Import({ import: imp, preview, problems, fields, columns, recent, limits, limit }: ImportProps) {
  const t = useT();
  const title = imp ? t('boardUsers.import.titleFile', { filename: imp.filename }) : t('boardUsers.import.title');
  return (
    <>
      <Head title={title} />
      <PageHeader title={title} description={t('boardUsers.import.description')} back={{ href: route('board-users.index'), label: t('boardUsers.back') }} />
      <div className="space-y-6">
        {!imp ? (
          limit.full ? (
            <PlanLimitNotice limit={limit} />
          ) : (
            <UploadForm limits={limits} columns={columns} />
          )
        ) : imp.status === 'pending' ? (
          <MappingForm imp={imp} preview={preview} problems={problems ?? null} fields={fields} />
        ) : (
          <ImportProgress imp={imp} />
        )}
        {imp?.status !== 'pending' ? <RecentImports recent={recent.filter((r) => r.id !== imp?.id)} /> : null}
      </div>
    </>
  );
}
