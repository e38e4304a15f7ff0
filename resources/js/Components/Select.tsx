import type { Ref, SelectHTMLAttributes } from 'react';
import { cx } from './cx';
import { controlClasses } from './TextInput';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean;
  /** Options to render; `children` may be used instead (or in addition). */
  options?: SelectOption[];
  /** First, empty option (value ""), e.g. "All statuses". */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ invalid, className, options, placeholder, children, ref, ...props }: SelectProps) {
  return (
    <select ref={ref} aria-invalid={invalid || undefined} {...props} className={cx(controlClasses, 'h-10 pr-8', className)}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options?.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
      {children}
    </select>
  );
}

export default Select;
