import { Head, Link, router } from '@inertiajs/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { Icon } from '@/Components/Icon';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { textLink } from './Partials/textLink';
import { useAppForm } from '@/hooks/useAppForm';

export interface VerifyEmailProps {
  /** 'verification-link-sent' after a resend. */
  status: string | null;
  email: string;
}

export default function VerifyEmail({ status, email }: VerifyEmailProps) {
  const form = useAppForm({});
  const [loggingOut, setLoggingOut] = useState(false);

  const resend = (event: FormEvent) => {
    event.preventDefault();
    form.post('/email/verification-notification', { preserveScroll: true });
  };

  const logout = () => router.post('/logout', {}, { onStart: () => setLoggingOut(true), onFinish: () => setLoggingOut(false) });

  return (
    <>
      <Head title="Email verification" />
      <div className="flex flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-400/10 dark:text-brand-300">
          <Icon name="mail" className="size-6" />
        </span>
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">We sent a verification link to</p>
        <p className="mt-1 max-w-full text-base font-semibold break-all text-slate-900 dark:text-white">{email}</p>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Open it to finish setting up your account. The link works for 60 minutes; if it has not arrived, check your spam folder or send a new one.
        </p>
      </div>

      {status === 'verification-link-sent' ? (
        <p role="status" className="mt-6 rounded-lg bg-emerald-50 px-3 py-2 text-center text-sm font-medium text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300">
          A new verification link has been sent to the email address you provided during registration.
        </p>
      ) : null}

      <form onSubmit={resend} className="mt-6 space-y-3">
        <Button type="submit" block processing={form.processing}>
          Resend verification email
        </Button>
        <Button type="button" variant="ghost" block onClick={logout} processing={loggingOut}>
          Sign out
        </Button>
      </form>
    </>
  );
}

VerifyEmail.layout = (page: ReactNode) => (
  <AuthLayout
    title="Verify your email address"
    footer={
      <p>
        Wrong address?{' '}
        <Link href="/profile" className={textLink}>
          Change it in your profile
        </Link>
      </p>
    }
  >
    {page}
  </AuthLayout>
);
