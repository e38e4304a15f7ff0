import { router } from '@inertiajs/react';
import { useState } from 'react';
import { Button } from '@/Components/Button';
import { Icon } from '@/Components/Icon';
import { trashIcon } from './icons/trash';
import { useT } from '@/i18n';

/** "This … has been deleted" with a Restore button (PingCRM's trashed message). `what`: "board user", "insight". */
export default function TrashedBanner({ what, restoreUrl, canRestore }: { what: string; restoreUrl: string; canRestore: boolean }) {
  const t = useT();
  const kind = what === 'board user' ? 'boardUser' : what === 'insight' ? 'insight' : 'other';
  const [processing, setProcessing] = useState(false);
  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <Icon icon={trashIcon} className="size-5 shrink-0" />
        {t('app.trashed.message', { what: kind, name: what })}
      </p>
      {canRestore ? (
        <Button
          variant="secondary"
          size="sm"
          processing={processing}
          onClick={() => router.put(restoreUrl, {}, { preserveScroll: true, onStart: () => setProcessing(true), onFinish: () => setProcessing(false) })}
        >
          {t('app.trashed.restore')}
        </Button>
      ) : null}
    </div>
  );
}
