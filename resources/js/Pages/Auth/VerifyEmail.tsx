import { Head, Link } from '@inertiajs/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { Icon } from '@/Components/Icon';
import { mailIcon } from '@/Components/icons/mail';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { textLink } from './Partials/textLink';
import { useAppForm } from '@/hooks/useAppForm';
import { Trans, useT } from '@/i18n';
import { signOut } from '@/lib/sign-out';
import { route } from '../../../../shared/routes';

export interface VerifyEmailProps {
  /** 'verification-link-sent' after a resend. */
  status: string | null;
  email: string;
}

export default function VerifyEmail({ status, email }: VerifyEmailProps) {
  const t = useT();
  const form = useAppForm({});
  const [loggingOut, setLoggingOut] = useState(false);

  const resend = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('verification.send'), { preserveScroll: true });
  };

  const logout = () => void signOut({ onStart: () => setLoggingOut(true), onFinish: () => setLoggingOut(false) });

  return (
    <>
      <Head title={t('auth.verify.title')} />
      <div className="flex flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-400/10 dark:text-brand-300">
          <Icon icon={mailIcon} className="size-6" />
        </span>
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{t('auth.verify.sentTo')}</p>
        <p className="mt-1 max-w-full text-base font-semibold break-all text-slate-900 dark:text-white">{email}</p>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('auth.verify.explanation')}</p>
      </div>

      {status === 'verification-link-sent' ? (
        <p role="status" className="mt-6 rounded-lg bg-emerald-50 px-3 py-2 text-center text-sm font-medium text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300">
          {t('auth.verify.resent')}
        </p>
      ) : null}

      <form onSubmit={resend} className="mt-6 space-y-3">
        <Button type="submit" block processing={form.processing}>
          {t('auth.verify.resend')}
        </Button>
        <Button type="button" variant="ghost" block onClick={logout} processing={loggingOut}>
          {t('auth.verify.signOut')}
        </Button>
      </form>
    </>
  );
}

VerifyEmail.layout = (page: ReactNode) => (
  <AuthLayout
    title={<Trans id="auth.verify.heading" />}
    footer={
      <p>
        <Trans id="auth.verify.wrongAddress" components={{ 0: <Link href={route('profile.edit')} className={textLink} /> }} />
      </p>
    }
  >
    {page}
  </AuthLayout>
);
