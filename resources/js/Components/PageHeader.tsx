import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { cx } from './cx';
import { Icon } from './Icon';
import { chevronLeftIcon } from './icons/chevron-left';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the right (stacked under the title on phones). */
  actions?: ReactNode;
  /** A "back to …" link above the title. */
  back?: { href: string; label: string };
  className?: string;
}

export function PageHeader({ title, description, actions, back, className }: PageHeaderProps) {
  return (
    <div className={cx('mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        {back ? (
          <Link href={back.href} className="mb-2 inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
            <Icon icon={chevronLeftIcon} className="size-4" />
            {back.label}
          </Link>
        ) : null}
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 dark:text-white">{title}</h1>
        {description ? <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export default PageHeader;
