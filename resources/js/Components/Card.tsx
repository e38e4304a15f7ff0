import { useId } from 'react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links at the right of the header. */
  actions?: ReactNode;
  /** Content of a footer bar (e.g. FormActions). */
  footer?: ReactNode;
  /** Padding around the body (default true; false for full-bleed tables). */
  padded?: boolean;
  /** Heading level of the title (default h2). */
  headingLevel?: 2 | 3 | 4;
  as?: 'section' | 'div' | 'article';
}

export function Card({ title, description, actions, footer, padded = true, headingLevel = 2, as: Tag = 'section', className, children, ...props }: CardProps) {
  const Heading = `h${headingLevel}` as 'h2';
  const hasHeader = title || description || actions;
  // A titled card is a region named by its title, so screen-reader users can jump to it.
  const headingId = `card${useId().replace(/[^\w-]/g, '')}`;
  return (
    <Tag
      aria-labelledby={title && Tag === 'section' ? headingId : undefined}
      className={cx('overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700/70 dark:bg-slate-900', className)}
      {...props}
    >
      {hasHeader ? (
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6 dark:border-slate-700/70">
          <div className="min-w-0">
            {title ? (
              <Heading id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
                {title}
              </Heading>
            ) : null}
            {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
          </div>
          {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
        </header>
      ) : null}
      <div className={cx(padded && 'px-4 py-5 sm:px-6')}>{children}</div>
      {footer ? <footer className="border-t border-slate-200 bg-slate-50 px-4 py-3 sm:px-6 dark:border-slate-700/70 dark:bg-slate-900/60">{footer}</footer> : null}
    </Tag>
  );
}

export default Card;
