import { Head, Link } from '@inertiajs/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { TextField } from '@/Components/TextField';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { textLink } from './Partials/textLink';
import { useAppForm } from '@/hooks/useAppForm';

export interface ForgotPasswordProps {
  status: string | null;
}

export default function ForgotPassword({ status }: ForgotPasswordProps) {
  const form = useAppForm({ email: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/forgot-password');
  };

  return (
    <>
      <Head title="Forgot password" />
      {status ? (
        <p role="status" className="mb-6 rounded-lg bg-emerald-50 px-3 py-2 text-center text-sm font-medium text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300">
          {status}
        </p>
      ) : null}
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField
          form={form}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          required
          maxLength={255}
          placeholder="email@example.com"
        />
        <Button type="submit" block processing={form.processing}>
          Email password reset link
        </Button>
      </form>
    </>
  );
}

ForgotPassword.layout = (page: ReactNode) => (
  <AuthLayout
    title="Forgot your password?"
    description="Enter your email address and we will send you a link to choose a new password."
    footer={
      <p>
        Remembered it?{' '}
        <Link href="/login" className={textLink}>
          Back to sign in
        </Link>
      </p>
    }
  >
    {page}
  </AuthLayout>
);
