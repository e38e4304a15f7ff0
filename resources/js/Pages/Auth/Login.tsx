import { Head, Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { CredentialsForm } from './Partials/CredentialsForm';
import { textLink } from './Partials/textLink';

export interface LoginProps {
  /** Shown above the form (e.g. after a password reset). */
  status: string | null;
  canResetPassword: boolean;
}

export default function Login({ status, canResetPassword = true }: LoginProps) {
  return (
    <>
      <Head title="Sign in" />
      {status ? (
        <p role="status" className="mb-6 rounded-lg bg-emerald-50 px-3 py-2 text-center text-sm font-medium text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300">
          {status}
        </p>
      ) : null}
      <CredentialsForm action="/login" submitLabel="Sign in" canResetPassword={canResetPassword} />
    </>
  );
}

Login.layout = (page: ReactNode) => (
  <AuthLayout
    title="Sign in to your account"
    description="Enter your email and password below to sign in."
    footer={
      <div className="space-y-2">
        <p>
          Don’t have an account?{' '}
          <Link href="/register" className={textLink}>
            Create account
          </Link>
        </p>
        <p>
          Part of an organization?{' '}
          <Link href="/org-login" className={textLink}>
            Sign in to your organization
          </Link>
        </p>
      </div>
    }
  >
    {page}
  </AuthLayout>
);
