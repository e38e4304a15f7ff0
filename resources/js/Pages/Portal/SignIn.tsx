import { Head, Link } from '@inertiajs/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { Icon } from '@/Components/Icon';
import { mailIcon } from '@/Components/icons/mail';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { textLink } from '../Auth/Partials/textLink';
import { useAppForm } from '@/hooks/useAppForm';
import { Trans, useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface PortalSignInProps {
  /** The link's token while it can still sign in; null once it cannot. */
  token: string | null;
  /** ready: one press signs in; invalid: used, expired or unknown; otherBrowser: asked for in another browser. */
  state: 'ready' | 'invalid' | 'otherBrowser';
}

/** Behind a sign-in link: a button, so that a mail scanner following the link signs no one in. */
export default function PortalSignIn({ token, state }: PortalSignInProps) {
  const t = useT();
  const form = useAppForm({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token) form.post(route('portal.sign-in.store', { token }));
  };
  return (
    <>
      <Head title={t('portal.signIn.title')} />
      <div className="flex flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-400/10 dark:text-brand-300">
          <Icon icon={mailIcon} className="size-6" />
        </span>
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" role={state === 'ready' ? undefined : 'alert'}>
          {state === 'ready' ? t('portal.signIn.ready') : state === 'otherBrowser' ? t('portal.signIn.otherBrowser') : t('portal.signIn.invalid')}
        </p>
      </div>
      {state === 'ready' ? (
        <form onSubmit={submit} className="mt-6">
          <Button type="submit" block processing={form.processing}>
            {t('portal.signIn.continue')}
          </Button>
        </form>
      ) : (
        <p className="mt-6 text-center text-sm">
          <Link href={route('org-login')} className={textLink}>
            {t('portal.signIn.askAgain')}
          </Link>
        </p>
      )}
    </>
  );
}

PortalSignIn.layout = (page: ReactNode) => <AuthLayout title={<Trans id="portal.signIn.heading" />}>{page}</AuthLayout>;
