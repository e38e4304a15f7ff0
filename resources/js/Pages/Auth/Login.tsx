import { Head, Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { CredentialsForm } from './Partials/CredentialsForm';
import { textLink } from './Partials/textLink';
import { Trans, useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface LoginProps {
  /** Shown above the form (e.g. after a password reset). */
  status: string | null;
  canResetPassword: boolean;
}

export default function Login({ status, canResetPassword = true }: LoginProps) {
  const t = useT();
  return (
    <>
      <Head title={t('auth.login.title')} />
      {status ? (
        <p role="status" className="mb-6 rounded-lg bg-emerald-50 px-3 py-2 text-center text-sm font-medium text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300">
          {status}
        </p>
      ) : null}
      <CredentialsForm action={route('login.store')} submitLabel={t('auth.login.submit')} canResetPassword={canResetPassword} />
    </>
  );
}

Login.layout = (page: ReactNode) => (
  <AuthLayout
    title={<Trans id="auth.login.heading" />}
    description={<Trans id="auth.login.description" />}
    footer={
      <div className="space-y-2">
        <p>
          <Trans id="auth.login.noAccount" components={{ 0: <Link href={route('register')} className={textLink} /> }} />
        </p>
        <p>
          <Trans id="auth.login.organization" components={{ 0: <Link href={route('org-login')} className={textLink} /> }} />
        </p>
      </div>
    }
  >
    {page}
  </AuthLayout>
);
