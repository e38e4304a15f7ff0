import { Link, usePage } from '@inertiajs/react';
import { cx } from './cx';
import { useT } from '@/i18n';

export interface LogoProps {
  /** Show the product name beside the mark (default true). */
  showName?: boolean;
  /** Make it a link (e.g. "/" or "/dashboard"). */
  href?: string;
  className?: string;
  /** Size of the mark (default size-8). */
  markClassName?: string;
}

/** The mark: three stacked bars (a board) in brand gold. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cx('size-8 shrink-0', className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-slate-900 dark:fill-brand-400" />
      <rect x="7" y="8" width="18" height="4" rx="2" className="fill-brand-400 dark:fill-slate-900" />
      <rect x="7" y="14" width="13" height="4" rx="2" className="fill-brand-300 dark:fill-slate-800" />
      <rect x="7" y="20" width="8" height="4" rx="2" className="fill-brand-200 dark:fill-slate-700" />
    </svg>
  );
}

export function Logo({ showName = true, href, className, markClassName }: LogoProps) {
  const appName = usePage().props.appName || 'Boardly';
  const t = useT();
  const content = (
    <>
      <LogoMark className={markClassName} />
      {showName ? <span className="text-lg font-semibold tracking-tight text-slate-900 dark:text-white">{appName}</span> : <span className="sr-only">{appName}</span>}
    </>
  );
  const classes = cx('inline-flex items-center gap-2.5 rounded-lg', className);
  if (href) {
    return (
      <Link href={href} className={classes} aria-label={showName ? undefined : t('common.logo.home', { app: appName })}>
        {content}
      </Link>
    );
  }
  return <span className={classes}>{content}</span>;
}

export default Logo;
