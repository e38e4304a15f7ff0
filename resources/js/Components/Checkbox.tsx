import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from './cx';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The visible label, tied to the box. */
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, hint, error, id, className, ref, ...props }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? `checkbox${autoId.replace(/[^\w-]/g, '')}`;
  // An error replaces the hint, as in Field.
  const hintId = hint && !error ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex gap-3', className)}>
      <div className="flex h-6 items-center">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          {...props}
          aria-describedby={describedBy}
          className={cx(
            'size-4 rounded border-slate-300 accent-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
            'dark:border-slate-600',
            error && 'outline outline-red-500',
          )}
        />
      </div>
      <div className="text-sm leading-6">
        <label htmlFor={inputId} className="font-medium text-slate-800 dark:text-slate-100">
          {label}
        </label>
        {hintId ? (
          <p id={hintId} className="text-slate-500 dark:text-slate-400">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export default Checkbox;
