import { router, usePage } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import { Icon } from './Icon';
import { trashIcon } from './icons/trash';
import { xIcon } from './icons/x';
import { useT } from '@/i18n';

/** What the server flashes after a delete that can be undone: the message and the undoing request. */
export interface UndoOffer {
  message: string;
  url: string;
  data: Record<string, unknown>;
}

const DURATION = 10_000;

/**
 * A toast with an Undo button, shown for 10 s after a (bulk) delete. Toasts renders it in its own
 * stack, so every toast appears in the same corner.
 */
export function UndoToast() {
  const flash = usePage().props.flash as { undo?: UndoOffer } | undefined;
  const offer = flash?.undo;
  const [shown, setShown] = useState<UndoOffer | null>(null);
  const t = useT();
  const [processing, setProcessing] = useState(false);
  useEffect(() => {
    if (!offer) return;
    setShown(offer);
    const timer = window.setTimeout(() => setShown((current) => (current === offer ? null : current)), DURATION);
    return () => window.clearTimeout(timer);
  }, [offer]);
  if (!shown) return null;
  const undo = () =>
    router.post(shown.url, shown.data as never, {
      preserveScroll: true,
      onStart: () => setProcessing(true),
      onFinish: () => {
        setProcessing(false);
        setShown(null);
      },
    });
  return (
    <div
      role="status"
      className="pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg ring-1 ring-slate-900/5 dark:border-slate-700 dark:bg-slate-900 dark:ring-white/10"
    >
      <Icon icon={trashIcon} className="size-5 shrink-0 text-slate-500 dark:text-slate-400" />
      <p className="min-w-0 flex-1 text-sm text-slate-800 dark:text-slate-100">{shown.message}</p>
      <button
        type="button"
        onClick={undo}
        disabled={processing}
        className="shrink-0 rounded-md px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60 dark:text-brand-300 dark:hover:bg-slate-800"
      >
        {t('app.undo.undo')}
      </button>
      <button
        type="button"
        onClick={() => setShown(null)}
        className="-m-1 shrink-0 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 dark:hover:bg-slate-800 dark:hover:text-slate-200"
      >
        <Icon icon={xIcon} className="size-4" />
        <span className="sr-only">{t('common.toasts.dismiss')}</span>
      </button>
    </div>
  );
}
