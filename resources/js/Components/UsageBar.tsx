import { useFormatters } from '@/hooks/useFormatters';
import { cx } from './cx';
import { useT } from '@/i18n';

export interface UsageBarProps {
  label: string;
  used: number;
  /** null = unlimited. */
  limit: number | null;
  className?: string;
}

/**
 * "Board users 18 of 25" with a progressbar; amber from 80 %, red at the limit. A limit of 0 with
 * nothing in use is "not included in this plan": neutral, never a full red bar (as the server's
 * usageState says).
 */
export function UsageBar({ label, used, limit, className }: UsageBarProps) {
  const { number } = useFormatters();
  const t = useT();
  const unlimited = limit === null;
  const notIncluded = limit === 0 && used === 0;
  const ratio = unlimited ? 0 : limit > 0 ? Math.min(1, used / limit) : 1;
  const percent = Math.round(ratio * 100);
  const full = !unlimited && used >= limit;
  if (notIncluded) {
    return (
      <div className={cx('space-y-1.5', className)}>
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium text-slate-800 dark:text-slate-100">{label}</span>
          <span className="text-slate-600 dark:text-slate-400">{t('app.usage.notIncluded')}</span>
        </div>
        <div className="h-2 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true" />
      </div>
    );
  }
  const text = unlimited ? t('app.usage.ofUnlimited', { used: number(used) }) : t('app.usage.of', { used: number(used), limit: number(limit) });
  return (
    <div className={cx('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-800 dark:text-slate-100">{label}</span>
        <span className={cx('tabular-nums', full ? 'font-medium text-red-600 dark:text-red-400' : 'text-slate-600 dark:text-slate-400')}>{text}</span>
      </div>
      {unlimited ? (
        <div
          className="h-2 rounded-full bg-[repeating-linear-gradient(45deg,var(--color-slate-200)_0_6px,transparent_6px_12px)] dark:bg-[repeating-linear-gradient(45deg,var(--color-slate-700)_0_6px,transparent_6px_12px)]"
          aria-hidden="true"
        />
      ) : (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={full ? t('app.usage.full', { text }) : text}
          className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div className={cx('h-full rounded-full transition-[width]', full ? 'bg-red-500' : percent >= 80 ? 'bg-amber-500' : 'bg-brand-400')} style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}

export default UsageBar;
