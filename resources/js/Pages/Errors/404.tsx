import { Head, usePage } from '@inertiajs/react';
import { Button } from '@/Components/Button';
import { MinimalLayout } from '@/Layouts/MinimalLayout';
import { useT } from '@/i18n';
import { arrowLeftIcon } from '@/Components/icons/arrow-left';
import { homeIcon } from '@/Components/icons/home';
import { route } from '../../../../shared/routes';

export interface NotFoundProps {
  status: number;
  message: string;
  /** The message is the status's own (server/http/error-handler.ts): the page's text says it already. */
  generic?: boolean;
  /** 'publicLink': a public insight link that is not (or no longer) shared, withdrawn or replaced. */
  reason?: 'publicLink';
}

export default function NotFound({ message, generic, reason }: NotFoundProps) {
  const user = usePage().props.auth?.user ?? null;
  const t = useT();
  const texts = reason === 'publicLink' ? 'errors.linkUnavailable' : 'errors.notFound';
  return (
    <MinimalLayout>
      <Head title={t(`${texts}.title`)} />
      <div className="max-w-lg text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-700 dark:text-brand-300">{t('errors.notFound.eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">{t(`${texts}.heading`)}</h1>
        {message && !generic ? <p className="mt-4 text-base font-medium text-slate-800 dark:text-slate-200">{message}</p> : null}
        <p className="mt-4 text-base text-slate-600 dark:text-slate-400">{t(`${texts}.explanation`)}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button href={user ? route('dashboard') : '/'} icon={homeIcon}>
            {user ? t('errors.actions.dashboard') : t('errors.actions.home')}
          </Button>
          <Button variant="secondary" icon={arrowLeftIcon} onClick={() => window.history.back()}>
            {t('errors.actions.back')}
          </Button>
        </div>
      </div>
    </MinimalLayout>
  );
}

NotFound.layout = null;
