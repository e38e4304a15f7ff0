import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { Field } from '@/Components/Field';
import { TextInput } from '@/Components/TextInput';
import { AuthLayout } from '@/Layouts/AuthLayout';

const textLink =
  'rounded font-medium text-brand-700 underline decoration-brand-300 underline-offset-4 hover:decoration-current dark:text-brand-300 dark:decoration-brand-300/50';

export default function Register() {
  const form = useForm({ name: '', email: '', password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/register', { onFinish: () => form.reset('password', 'password_confirmation') });
  };

  return (
    <>
      <Head title="Register" />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <Field label="Name" error={form.errors.name}>
          {(props) => (
            <TextInput
              {...props}
              name="name"
              value={form.data.name}
              onChange={(e) => form.setData('name', e.target.value)}
              autoComplete="name"
              autoFocus
              required
              maxLength={255}
              placeholder="Full name"
            />
          )}
        </Field>
        <Field label="Email" error={form.errors.email}>
          {(props) => (
            <TextInput
              {...props}
              type="email"
              name="email"
              value={form.data.email}
              onChange={(e) => form.setData('email', e.target.value)}
              autoComplete="email"
              required
              maxLength={255}
              placeholder="email@example.com"
            />
          )}
        </Field>
        <Field label="Password" hint="At least 8 characters." error={form.errors.password}>
          {(props) => (
            <TextInput
              {...props}
              type="password"
              name="password"
              value={form.data.password}
              onChange={(e) => form.setData('password', e.target.value)}
              autoComplete="new-password"
              required
            />
          )}
        </Field>
        <Field label="Confirm password" error={form.errors.password_confirmation}>
          {(props) => (
            <TextInput
              {...props}
              type="password"
              name="password_confirmation"
              value={form.data.password_confirmation}
              onChange={(e) => form.setData('password_confirmation', e.target.value)}
              autoComplete="new-password"
              required
            />
          )}
        </Field>
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
          Log in
        </Link>
      </p>
    }
  >
    {page}
  </AuthLayout>
);
