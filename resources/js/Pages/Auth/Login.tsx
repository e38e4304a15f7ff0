import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { Checkbox } from '@/Components/Checkbox';
import { TextField } from '@/Components/TextField';
import { AuthLayout } from '@/Layouts/AuthLayout';

export interface LoginProps {
  /** Shown above the form (e.g. after a password reset). */
  status: string | null;
  canResetPassword: boolean;
}

const textLink =
  'rounded font-medium text-brand-700 underline decoration-brand-300 underline-offset-4 hover:decoration-current dark:text-brand-300 dark:decoration-brand-300/50';

export default function Login({ status, canResetPassword = true }: LoginProps) {
  const form = useForm({ email: '', password: '', remember: false });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/login', { onFinish: () => form.reset('password') });
  };

  return (
    <>
      <Head title="Log in" />
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
          autoComplete="username"
          autoFocus
          required
          placeholder="email@example.com"
        />
        <div className="relative">
          <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" required />
          {canResetPassword ? (
            // Field's label row has no slot for a link, so this one sits over its right end.
            <Link href="/forgot-password" className={`absolute top-0 right-0 text-sm ${textLink}`}>
              Forgot your password?
            </Link>
          ) : null}
        </div>
        <Checkbox label="Remember me" name="remember" checked={form.data.remember} onChange={(e) => form.setData('remember', e.target.checked)} />
        <Button type="submit" block processing={form.processing}>
          Log in
        </Button>
      </form>
    </>
  );
}

Login.layout = (page: ReactNode) => (
  <AuthLayout
    title="Log in to your account"
    description="Enter your email and password below to log in."
    footer={
      <div className="space-y-2">
        <p>
          Don’t have an account?{' '}
          <Link href="/register" className={textLink}>
            Sign up
          </Link>
        </p>
        <p>
          Part of an organisation?{' '}
          <Link href="/org-login" className={textLink}>
            Sign in to your organisation
          </Link>
        </p>
      </div>
    }
  >
    {page}
  </AuthLayout>
);
