import type { ReactNode } from 'react';
import { cx } from './cx';

export interface FormActionsProps {
  children: ReactNode;
  /** `end` (default) puts the buttons on the right; `start` on the left. */
  align?: 'start' | 'end';
  /** Draw a top border, as at the foot of a Card. */
  bordered?: boolean;
  className?: string;
}

/**
 * A form's buttons: Cancel, then the submit button, on the right. Success is reported once, by
 * the server's flash message (a toast), never by a label here too. Destructive actions are not
 * here: they sit in the page header (see docs/decisions/0010-page-and-form-layout.md).
 */
export function FormActions({ children, align = 'end', bordered, className }: FormActionsProps) {
  return (
    <div className={cx('flex flex-wrap items-center gap-3', align === 'end' ? 'justify-end' : 'justify-start', bordered && 'border-t border-slate-200 pt-4 dark:border-slate-700', className)}>
      {children}
    </div>
  );
}

export default FormActions;
