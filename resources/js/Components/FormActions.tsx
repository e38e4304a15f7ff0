import type { ReactNode } from 'react';
import { cx } from './cx';

export interface FormActionsProps {
  children: ReactNode;
  /** `end` (default) puts the buttons on the right; `between` spreads them (e.g. Delete … Save). */
  align?: 'start' | 'end' | 'between';
  /** Shows "Saved." for a moment after a successful submit (pass `form.recentlySuccessful`). */
  recentlySuccessful?: boolean;
  /** Draw a top border, as at the foot of a Card. */
  bordered?: boolean;
  className?: string;
}

export function FormActions({ children, align = 'end', recentlySuccessful, bordered, className }: FormActionsProps) {
  return (
    <div
      className={cx(
        'flex flex-wrap items-center gap-3',
        align === 'end' && 'justify-end',
        align === 'between' && 'justify-between',
        align === 'start' && 'justify-start',
        bordered && 'border-t border-slate-200 pt-4 dark:border-slate-700',
        className,
      )}
    >
      <p aria-live="polite" className={cx('text-sm text-slate-600 transition-opacity dark:text-slate-300', recentlySuccessful ? 'opacity-100' : 'opacity-0')}>
        {recentlySuccessful ? 'Saved.' : ''}
      </p>
      {children}
    </div>
  );
}

export default FormActions;
