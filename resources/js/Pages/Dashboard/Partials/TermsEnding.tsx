import { Link } from '@inertiajs/react';
import { Card } from '@/Components/Card';
import { useFormatters } from '@/hooks/useFormatters';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

export interface TermEnding {
  id: number;
  first_name: string;
  last_name: string;
  board_name: string | null;
  term_ends_on: string;
}

/** Board members whose term ends in the next 90 days, soonest first; deferred, so `undefined` while it loads. */
export function TermsEnding({ terms }: { terms: { items: TermEnding[]; total: number } | undefined }) {
  const t = useT();
  const { date } = useFormatters();
  return (
    <Card
      title={t('dashboard.terms.title')}
      description={t('dashboard.terms.description')}
      actions={
        <Link href={route('board-users.index', null, { sort: 'term_ends_on' })} className="rounded text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          {t('dashboard.terms.viewAll')}
        </Link>
      }
    >
      {terms === undefined ? (
        <p className="text-sm text-slate-500 dark:text-slate-400" aria-busy="true">
          {t('dashboard.terms.loading')}
        </p>
      ) : terms.items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('dashboard.terms.none')}</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700/70">
            {terms.items.map((b) => (
              <li key={b.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 first:pt-0 last:pb-0">
                <span className="min-w-0 wrap-anywhere">
                  <Link href={route('board-users.show', { id: b.id })} className="rounded font-medium text-slate-900 hover:underline dark:text-slate-100">
                    {`${b.first_name} ${b.last_name}`}
                  </Link>
                  {b.board_name ? <span className="block text-xs text-slate-500 dark:text-slate-400">{b.board_name}</span> : null}
                </span>
                <time dateTime={b.term_ends_on} className="text-sm whitespace-nowrap text-slate-600 dark:text-slate-400">
                  {t('dashboard.terms.ends', { date: date(b.term_ends_on) })}
                </time>
              </li>
            ))}
          </ul>
          {terms.total > terms.items.length ? <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('dashboard.terms.more', { count: terms.total - terms.items.length })}</p> : null}
        </>
      )}
    </Card>
  );
}
