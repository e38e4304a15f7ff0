import { router, usePage } from '@inertiajs/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FlashMessages } from '@/types';
import { cx } from './cx';
import { Icon, type IconGlyph } from './Icon';
import { alertIcon } from './icons/alert';
import { checkCircleIcon } from './icons/check-circle';
import { infoIcon } from './icons/info';
import { xIcon } from './icons/x';
import { UndoToast } from './UndoToast';
import { useT } from '@/i18n';

type Tone = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  tone: Tone;
  message: string;
}

const DURATION = 5_000;
let nextId = 1;

/** Flash data may arrive as page.flash (Inertia v3), props.flash (shared prop) and a `flash` event. */
function messagesOf(flash: unknown): { tone: Tone; message: string }[] {
  if (!flash || typeof flash !== 'object') return [];
  const f = flash as FlashMessages & Record<string, unknown>;
  const out: { tone: Tone; message: string }[] = [];
  for (const tone of ['success', 'info', 'error'] as const) {
    const value = f[tone];
    if (typeof value === 'string' && value.trim()) out.push({ tone, message: value });
  }
  return out;
}

/**
 * Success/info toasts are announced politely, errors assertively. Each one closes itself after
 * 5 s (paused while hovered or focused) and has a close button. Render once per layout: every
 * toast (the undo offer after a delete too) stacks in this one corner, bottom right (bottom
 * centre on phones).
 */
export function Toasts() {
  const page = usePage();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const seen = useRef(new WeakSet<object>());
  const recent = useRef(new Map<string, number>());

  const push = useCallback((flash: unknown) => {
    if (!flash || typeof flash !== 'object') return;
    if (seen.current.has(flash)) return;
    seen.current.add(flash);
    const now = Date.now();
    const fresh = messagesOf(flash).filter(({ tone, message }) => {
      // The same message through two channels of one response shows once.
      const key = `${tone}:${message}`;
      const last = recent.current.get(key);
      recent.current.set(key, now);
      return !last || now - last > 1_500;
    });
    if (fresh.length) setToasts((current) => [...current, ...fresh.map((t) => ({ ...t, id: nextId++ }))].slice(-5));
  }, []);

  const pageFlash = (page as { flash?: unknown }).flash;
  const propsFlash = page.props.flash;
  useEffect(() => push(pageFlash), [pageFlash, push]);
  useEffect(() => push(propsFlash), [propsFlash, push]);
  useEffect(() => router.on('flash', (event) => push(event.detail.flash)), [push]);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((t) => t.id !== id)), []);

  const polite = toasts.filter((t) => t.tone !== 'error');
  const assertive = toasts.filter((t) => t.tone === 'error');
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:top-auto sm:right-0 sm:left-auto sm:items-end sm:p-6">
      <div role="alert" aria-live="assertive" aria-atomic="false" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {assertive.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
      <div role="status" aria-live="polite" aria-atomic="false" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {polite.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
      <UndoToast />
    </div>
  );
}

const styles: Record<Tone, { icon: IconGlyph; color: string; labelId: string }> = {
  success: { icon: checkCircleIcon, color: 'text-emerald-500', labelId: 'common.toasts.success' },
  error: { icon: alertIcon, color: 'text-red-500', labelId: 'common.toasts.error' },
  info: { icon: infoIcon, color: 'text-sky-500', labelId: 'common.toasts.notice' },
};

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const t = useT();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(DURATION);
  const started = useRef(0);

  useEffect(() => {
    if (paused) return;
    started.current = Date.now();
    const timer = window.setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(1_000, remaining.current - (Date.now() - started.current));
    };
  }, [paused, toast.id, onDismiss]);

  const style = styles[toast.tone];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering or focusing a toast pauses its timer; its buttons are the controls
    <div
      className={cx(
        'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-white p-4 shadow-lg ring-1 ring-slate-900/5',
        'border-slate-200 dark:border-slate-700 dark:bg-slate-900 dark:ring-white/10',
        toast.tone === 'error' && 'border-red-200 dark:border-red-900/60',
      )}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Icon icon={style.icon} className={cx('mt-0.5 size-5', style.color)} />
      <p className="min-w-0 flex-1 text-sm text-slate-800 dark:text-slate-100">
        <span className="sr-only">{t(style.labelId)}: </span>
        {toast.message}
      </p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="-m-1 shrink-0 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 dark:hover:bg-slate-800 dark:hover:text-slate-200"
      >
        <Icon icon={xIcon} className="size-4" />
        <span className="sr-only">{t('common.toasts.dismiss')}</span>
      </button>
    </div>
  );
}

export default Toasts;
