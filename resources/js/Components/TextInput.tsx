import type { InputHTMLAttributes, Ref } from 'react';
import { cx } from './cx';

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Marks the control invalid (aria-invalid, red border). Field sets aria-invalid itself. */
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** Shared look of text-like controls; the red state follows aria-invalid, so Field's wiring styles it. */
export const controlClasses = cx(
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
  'focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-400',
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:disabled:bg-slate-800',
  'aria-invalid:border-red-500 aria-invalid:focus:outline-red-500 dark:aria-invalid:border-red-400',
);

export function TextInput({ invalid, className, type = 'text', ref, ...props }: TextInputProps) {
  return <input ref={ref} type={type} aria-invalid={invalid || undefined} {...props} className={cx(controlClasses, 'h-10', className)} />;
}

export default TextInput;
