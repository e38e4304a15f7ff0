import type { Ref, TextareaHTMLAttributes } from 'react';
import { cx } from './cx';
import { controlClasses } from './TextInput';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ invalid, className, rows = 4, ref, ...props }: TextAreaProps) {
  return <textarea ref={ref} rows={rows} aria-invalid={invalid || undefined} {...props} className={cx(controlClasses, 'py-2 leading-6', className)} />;
}

export default TextArea;
