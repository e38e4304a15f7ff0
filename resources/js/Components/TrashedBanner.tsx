import { router } from '@inertiajs/react';
import { useState } from 'react';
import { Button } from '@/Components/Button';
import { Icon } from '@/Components/Icon';

/** "This … has been deleted" with a Restore button (PingCRM's trashed message). */
export default function TrashedBanner({ what, restoreUrl, canRestore }: { what: string; restoreUrl: string; canRestore: boolean }) {
  const [processing, setProcessing] = useState(false);
  return (
    <div role="status" className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100">
      <p className="flex items-center gap-2 text-sm font-medium">
        <Icon name="trash" className="size-5 shrink-0" />
        This {what} has been deleted.
      </p>
      {canRestore ? (
        <Button
          variant="secondary"
          size="sm"
          processing={processing}
          onClick={() => router.put(restoreUrl, {}, { preserveScroll: true, onStart: () => setProcessing(true), onFinish: () => setProcessing(false) })}
        >
          Restore
        </Button>
      ) : null}
    </div>
  );
}
