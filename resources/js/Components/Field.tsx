import { useId, type ReactNode } from 'react';
import { cx } from './cx';
import { useT } from '@/i18n';

/** What Field hands to its control: spread it on TextInput, TextArea, Select or a native input. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** Render prop receiving the id and aria wiring: `{(props) => <TextInput {...props} />}`. */
  children: (props: FieldControlProps) => ReactNode;
  /** Validation message (usually `form.errors.x`). */
  error?: string;
  hint?: ReactNode;
  /** Marks the label with "(required)" hint text and passes `required` to the control. */
  required?: boolean;
  /** Shows "Optional" next to the label. */
  optional?: boolean;
  /** Fixed id for the control (default: generated). */
  id?: string;
  /** Visually hide the label (it stays available to screen readers). */
  hideLabel?: boolean;
  className?: string;
}

export function Field({ label, children, error, hint, required, optional, id, hideLabel, className }: FieldProps) {
  const t = useT();
  const autoId = useId();
  const controlId = id ?? `field${autoId.replace(/[^\w-]/g, '')}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  // An error replaces the hint: the two are never shown (or read out) together.
  const showHint = !!hint && !error;
  const describedBy = (error ? errorId : showHint ? hintId : null) ?? undefined;

  return (
    <div className={cx('space-y-1.5', className)}>
      <div className={cx('flex items-baseline justify-between gap-2', hideLabel && 'sr-only')}>
        <label htmlFor={controlId} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
          {label}
          {required ? (
            <span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
        {optional ? <span className="text-xs text-slate-500 dark:text-slate-400">{t('common.form.optional')}</span> : null}
      </div>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, required: required || undefined })}
      {showHint ? (
        <p id={hintId} className="text-sm text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="flex items-start gap-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default Field;
