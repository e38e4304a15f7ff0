import { Head, Link } from '@inertiajs/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { TextField } from '@/Components/TextField';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { textLink } from './Partials/textLink';
import { useAppForm } from '@/hooks/useAppForm';

export interface ResetPasswordProps {
  token: string;
  email: string;
}

export default function ResetPassword({ token, email }: ResetPasswordProps) {
  const form = useAppForm({ token, email, password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/reset-password', { onFinish: () => form.reset('password', 'password_confirmation') });
  };

  return (
    <>
      <Head title="Reset password" />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField
          form={form}
          name="email"
          label="Email"
          error={form.errors.email ?? form.errors.token}
          type="email"
          autoComplete="username"
          // The address comes from the link; it can still be typed when the link lacks it.
          readOnly={Boolean(email)}
          autoFocus={!email}
          required
          maxLength={255}
          className={email ? 'bg-slate-50! text-slate-600! dark:bg-slate-800/60! dark:text-slate-300!' : undefined}
        />
        <TextField
          form={form}
          name="password"
          label="Password"
          hint="At least 8 characters."
          type="password"
          autoComplete="new-password"
          autoFocus={Boolean(email)}
          required
        />
        <TextField form={form} name="password_confirmation" label="Confirm password" type="password" autoComplete="new-password" required />
        <Button type="submit" block processing={form.processing}>
          Reset password
        </Button>
      </form>
    </>
  );
}

ResetPassword.layout = (page: ReactNode) => (
  <AuthLayout
    title="Reset your password"
    description="Choose a new password for your account."
    footer={
      <p>
        Link expired?{' '}
        <Link href="/forgot-password" className={textLink}>
          Request a new one
        </Link>
      </p>
    }
  >
    {page}
  </AuthLayout>
);
