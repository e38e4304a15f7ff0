import { Head, Link } from '@inertiajs/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { TextField } from '@/Components/TextField';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { textLink } from './Partials/textLink';
import { useAppForm } from '@/hooks/useAppForm';
import { Trans, useT } from '@/i18n';

export default function Register() {
  const t = useT();
  const form = useAppForm({ name: '', email: '', password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/register', { onFinish: () => form.reset('password', 'password_confirmation') });
  };

  return (
    <>
      <Head title={t('auth.register.title')} />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField form={form} name="name" label={t('auth.fields.name')} autoComplete="name" autoFocus required maxLength={255} placeholder={t('auth.fields.namePlaceholder')} />
        <TextField
          form={form}
          name="email"
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          required
          maxLength={255}
          placeholder={t('auth.fields.emailPlaceholder')}
        />
        <TextField
          form={form}
          name="password"
          label={t('auth.fields.password')}
          hint={t('auth.fields.passwordHint')}
          type="password"
          autoComplete="new-password"
          required
        />
        <TextField form={form} name="password_confirmation" label={t('auth.fields.passwordConfirmation')} type="password" autoComplete="new-password" required />
        <Button type="submit" block processing={form.processing}>
          {t('auth.register.submit')}
        </Button>
      </form>
    </>
  );
}

Register.layout = (page: ReactNode) => (
  <AuthLayout
    title={<Trans id="auth.register.heading" />}
    description={<Trans id="auth.register.description" />}
    footer={
      <p>
        <Trans id="auth.register.haveAccount" components={{ 0: <Link href="/login" className={textLink} /> }} />
      </p>
    }
  >
    {page}
  </AuthLayout>
);
