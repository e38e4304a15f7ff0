import type { ReactNode } from 'react';
import { cx } from './cx';
import { Icon, type IconGlyph } from './Icon';
import { documentIcon } from './icons/document';

export interface EmptyStateProps {
  icon?: IconGlyph;
  title: ReactNode;
  text?: ReactNode;
  /** A Button or link, e.g. "Add a board user". */
  action?: ReactNode;
  /** Dashed border around the block (default true). */
  bordered?: boolean;
  className?: string;
}

export function EmptyState({ icon = documentIcon, title, text, action, bordered = true, className }: EmptyStateProps) {
  return (
    <div className={cx('flex flex-col items-center px-6 py-12 text-center', bordered && 'rounded-xl border-2 border-dashed border-slate-200 dark:border-slate-700', className)}>
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-400/10 dark:text-brand-300">
        <Icon icon={icon} className="size-6" />
      </span>
      <h2 className="mt-4 text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
      {text ? <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">{text}</p> : null}
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}

export default EmptyState;
