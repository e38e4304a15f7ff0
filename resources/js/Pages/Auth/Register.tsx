import { Head, Link } from '@inertiajs/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { TextField } from '@/Components/TextField';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { textLink } from './Partials/textLink';
import { useAppForm } from '@/hooks/useAppForm';

export default function Register() {
  const form = useAppForm({ name: '', email: '', password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/register', { onFinish: () => form.reset('password', 'password_confirmation') });
  };

  return (
    <>
      <Head title="Create account" />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField form={form} name="name" label="Name" autoComplete="name" autoFocus required maxLength={255} placeholder="Full name" />
        <TextField
          form={form}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          maxLength={255}
          placeholder="email@example.com"
        />
        <TextField
          form={form}
          name="password"
          label="Password"
          hint="At least 8 characters."
          type="password"
          autoComplete="new-password"
          required
        />
        <TextField form={form} name="password_confirmation" label="Confirm password" type="password" autoComplete="new-password" required />
        <Button type="submit" block processing={form.processing}>
          Create account
        </Button>
      </form>
    </>
  );
}

Register.layout = (page: ReactNode) => (
  <AuthLayout
    title="Create an account"
    description="Enter your details below to create your account."
    footer={
      <p>
        Already have an account?{' '}
        <Link href="/login" className={textLink}>
          Sign in
        </Link>
      </p>
    }
  >
    {page}
  </AuthLayout>
);
