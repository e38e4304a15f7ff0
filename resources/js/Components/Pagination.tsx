import { Link } from '@inertiajs/react';
import { cx } from './cx';
import { Icon } from './Icon';
import { chevronLeftIcon } from './icons/chevron-left';
import { chevronRightIcon } from './icons/chevron-right';
import { Trans, useT } from '@/i18n';

export interface PaginationLink {
  url: string | null;
  label: string;
  active: boolean;
}

export interface PaginationProps {
  links: PaginationLink[];
  /** Only reload these props when changing page (e.g. ['boardUsers']). */
  only?: string[];
  /** "Showing 1 to 15 of 120" line; pass `meta` from a Paginated<T>. */
  meta?: { from: number | null; to: number | null; total: number };
  className?: string;
}

const entities: Record<string, string> = { '&laquo;': '', '&raquo;': '', '&lsaquo;': '', '&rsaquo;': '', '&amp;': '&', '&hellip;': '…' };

/** Laravel-style labels ("&laquo; Previous", "Next &raquo;", "3", "...") to plain text. */
function clean(label: string): string {
  return label
    .replace(/&[a-z]+;/g, (m) => entities[m] ?? m)
    .replace(/[«»‹›]/g, '')
    .trim();
}

function kind(label: string, index: number, count: number): 'prev' | 'next' | 'gap' | 'page' {
  const text = clean(label).toLowerCase();
  if (index === 0 && (text.includes('prev') || /&laquo;|«/.test(label))) return 'prev';
  if (index === count - 1 && (text.includes('next') || /&raquo;|»/.test(label))) return 'next';
  if (text === '...' || text === '…') return 'gap';
  return 'page';
}

const itemBase = 'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2';

export function Pagination({ links, only, meta, className }: PaginationProps) {
  const t = useT();
  // Laravel sends Previous, 1, Next for a single page: nothing to navigate then.
  const pages = links.length > 3 ? links : [];
  if (!pages.length && !(meta && meta.total > 0)) return null;
  return (
    <div className={cx('flex flex-col items-center gap-3 sm:flex-row sm:justify-between', className)}>
      {meta && meta.total > 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans
            id="common.pagination.showing"
            values={{ from: meta.from ?? 0, to: meta.to ?? 0, total: meta.total }}
            components={{ 0: <span className="font-medium text-slate-900 dark:text-white" /> }}
          />
        </p>
      ) : (
        <span />
      )}
      {pages.length ? (
        <nav aria-label={t('common.pagination.label')}>
          <ul className="flex flex-wrap items-center gap-1">
            {pages.map((link, index) => {
              const type = kind(link.label, index, pages.length);
              const text = clean(link.label);
              const content =
                type === 'prev' ? (
                  <>
                    <Icon icon={chevronLeftIcon} className="size-4" />
                    <span className="sr-only sm:not-sr-only">{t('common.pagination.previous')}</span>
                  </>
                ) : type === 'next' ? (
                  <>
                    <span className="sr-only sm:not-sr-only">{t('common.pagination.next')}</span>
                    <Icon icon={chevronRightIcon} className="size-4" />
                  </>
                ) : (
                  text
                );
              // On phones only previous, the current page and next are shown.
              const hideOnPhone = (type === 'page' || type === 'gap') && !link.active;
              if (type === 'gap') {
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the links are positional: the server sends them in page order
                  <li key={`gap-${index}`} className={cx(hideOnPhone && 'hidden sm:block')}>
                    <span className="inline-flex h-9 min-w-9 items-center justify-center px-2 text-sm text-slate-500" aria-hidden="true">
                      …
                    </span>
                  </li>
                );
              }
              if (!link.url) {
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the links are positional: the server sends them in page order
                  <li key={`${type}-${index}`} className={cx(hideOnPhone && 'hidden sm:block')}>
                    <span aria-disabled="true" className={cx(itemBase, 'cursor-not-allowed border-slate-200 text-slate-400 dark:border-slate-700 dark:text-slate-600')}>
                      {content}
                    </span>
                  </li>
                );
              }
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the links are positional: the server sends them in page order
                <li key={`${type}-${index}`} className={cx(hideOnPhone && 'hidden sm:block')}>
                  <Link
                    href={link.url}
                    preserveState
                    preserveScroll
                    only={only}
                    aria-current={link.active ? 'page' : undefined}
                    aria-label={type === 'page' ? t('common.pagination.page', { page: text }) : undefined}
                    rel={type === 'prev' ? 'prev' : type === 'next' ? 'next' : undefined}
                    className={cx(
                      itemBase,
                      link.active
                        ? 'border-brand-400 bg-brand-400 text-slate-900'
                        : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700',
                    )}
                  >
                    {content}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

export default Pagination;
