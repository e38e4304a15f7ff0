import { Head, usePage } from '@inertiajs/react';
import { Button } from '@/Components/Button';
import type { IconGlyph } from '@/Components/Icon';
import { alertIcon } from '@/Components/icons/alert';
import { arrowIcon } from '@/Components/icons/arrow';
import { arrowLeftIcon } from '@/Components/icons/arrow-left';
import { clockIcon } from '@/Components/icons/clock';
import { cogIcon } from '@/Components/icons/cog';
import { homeIcon } from '@/Components/icons/home';
import { lockIcon } from '@/Components/icons/lock';
import { searchIcon } from '@/Components/icons/search';
import { Icon } from '@/Components/Icon';
import { MinimalLayout } from '@/Layouts/MinimalLayout';
import { useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface ErrorPageProps {
  status: number;
  message: string;
  /** The message is the status's own (server/http/error-handler.ts): the page's text says it already. */
  generic?: boolean;
  /** Stack trace; the server sends it only in development. */
  details?: string;
}

/** Each status's heading and explanation: `errors.status.<code>.title` and `.text`. */
const icons: Record<number, IconGlyph> = { 400: alertIcon, 403: lockIcon, 404: searchIcon, 405: alertIcon, 413: alertIcon, 419: clockIcon, 429: clockIcon, 500: alertIcon, 503: cogIcon };

/** Statuses whose document title the server writes in the first HTML response (server/http/error-handler.ts): `errors.documentTitle.<code>`. */
const documentTitles = new Set([400, 403, 405, 413, 419, 429, 500, 503]);

export default function ErrorPage({ status, message, generic, details }: ErrorPageProps) {
  const user = usePage().props.auth?.user ?? null;
  const t = useT();
  const entry = icons[status]
    ? { title: t(`errors.status.${status}.title`), text: t(`errors.status.${status}.text`), icon: icons[status] }
    : { title: status >= 500 ? t('errors.status.500.title') : t('errors.fallback.title'), text: t('errors.fallback.text'), icon: alertIcon as IconGlyph };
  const showMessage = Boolean(message) && !generic && message !== entry.title;

  return (
    <MinimalLayout>
      <Head title={`${status} ${documentTitles.has(status) ? t(`errors.documentTitle.${status}`) : t('errors.documentTitle.other')}`} />
      <div className="w-full max-w-3xl text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-400/10 dark:text-brand-300">
          <Icon icon={entry.icon} className="size-6" />
        </span>
        <p className="mt-4 text-sm font-semibold tracking-wide text-brand-700 dark:text-brand-300">{t('errors.eyebrow', { status })}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{entry.title}</h1>
        {showMessage ? <p className="mt-4 text-base font-medium text-slate-800 dark:text-slate-200">{message}</p> : null}
        <p className="mx-auto mt-3 max-w-lg text-base text-slate-600 dark:text-slate-400">{entry.text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {status === 419 || status === 429 || status >= 500 ? (
            <Button icon={arrowIcon} onClick={() => window.location.reload()}>
              {t('errors.actions.retry')}
            </Button>
          ) : null}
          <Button href={user ? route('dashboard') : '/'} variant={status === 419 || status === 429 || status >= 500 ? 'secondary' : 'primary'} icon={homeIcon}>
            {user ? t('errors.actions.dashboard') : t('errors.actions.home')}
          </Button>
          <Button variant="secondary" icon={arrowLeftIcon} onClick={() => window.history.back()}>
            {t('errors.actions.back')}
          </Button>
        </div>
        {details ? (
          <details className="mt-10 text-left" open>
            <summary className="cursor-pointer text-sm font-medium text-slate-700 dark:text-slate-300">{t('errors.details')}</summary>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to scroll (axe: scrollable-region-focusable) */}
            <pre tabIndex={0} className="mt-3 max-h-96 overflow-auto rounded-lg bg-slate-900 p-4 text-xs leading-5 text-slate-100 dark:bg-black/40">
              {details}
            </pre>
          </details>
        ) : null}
      </div>
    </MinimalLayout>
  );
}

ErrorPage.layout = null;
