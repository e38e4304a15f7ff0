import type { ReactNode } from 'react';
import { cx } from './cx';
import { FORM_WIDTHS, type FormWidth } from './layout';

/** A column of form cards (settings, profile, an organisation's edit page) at the form width. */
export function FormColumn({ width = 'form', className, children }: { width?: FormWidth; className?: string; children: ReactNode }) {
  return <div className={cx(FORM_WIDTHS[width], 'space-y-6', className)}>{children}</div>;
}

export default FormColumn;
