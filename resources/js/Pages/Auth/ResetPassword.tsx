import { Head, Link } from '@inertiajs/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { TextField } from '@/Components/TextField';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { textLink } from './Partials/textLink';
import { useAppForm } from '@/hooks/useAppForm';
import { Trans, useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface ResetPasswordProps {
  token: string;
  email: string;
}

export default function ResetPassword({ token, email }: ResetPasswordProps) {
  const t = useT();
  const form = useAppForm({ token, email, password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('password.store'), { onFinish: () => form.reset('password', 'password_confirmation') });
  };

  return (
    <>
      <Head title={t('auth.reset.title')} />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField
          form={form}
          name="email"
          label={t('auth.fields.email')}
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
        <TextField form={form} name="password" label={t('auth.fields.password')} hint={t('auth.fields.passwordHint')} type="password" autoComplete="new-password" autoFocus={Boolean(email)} required />
        <TextField form={form} name="password_confirmation" label={t('auth.fields.passwordConfirmation')} type="password" autoComplete="new-password" required />
        <Button type="submit" block processing={form.processing}>
          {t('auth.reset.submit')}
        </Button>
      </form>
    </>
  );
}

ResetPassword.layout = (page: ReactNode) => (
  <AuthLayout
    title={<Trans id="auth.reset.heading" />}
    description={<Trans id="auth.reset.description" />}
    footer={
      <p>
        <Trans id="auth.reset.expired" components={{ 0: <Link href={route('password.request')} className={textLink} /> }} />
      </p>
    }
  >
    {page}
  </AuthLayout>
);
