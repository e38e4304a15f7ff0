import { Fragment } from 'react';
import { cx } from './cx';

/**
 * An e-mail address that may wrap only where a reader expects it: before the "@" and before
 * each dot (a dash already allows a break). Only a single part longer than its column is cut
 * mid-word, as a last resort (`wrap-anywhere`), instead of `break-all`'s "anna.lindqv / ist@…".
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={cx('wrap-anywhere', className)}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

export default EmailText;
