import { Head, Link } from '@inertiajs/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { TextField } from '@/Components/TextField';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { textLink } from './Partials/textLink';
import { useAppForm } from '@/hooks/useAppForm';
import { Trans, useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface ForgotPasswordProps {
  status: string | null;
}

export default function ForgotPassword({ status }: ForgotPasswordProps) {
  const t = useT();
  const form = useAppForm({ email: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('password.email'));
  };

  return (
    <>
      <Head title={t('auth.forgot.title')} />
      {status ? (
        <p role="status" className="mb-6 rounded-lg bg-emerald-50 px-3 py-2 text-center text-sm font-medium text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300">
          {status}
        </p>
      ) : null}
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField form={form} name="email" label={t('auth.fields.email')} type="email" autoComplete="email" autoFocus required maxLength={255} placeholder={t('auth.fields.emailPlaceholder')} />
        <Button type="submit" block processing={form.processing}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </>
  );
}

ForgotPassword.layout = (page: ReactNode) => (
  <AuthLayout
    title={<Trans id="auth.forgot.heading" />}
    description={<Trans id="auth.forgot.description" />}
    footer={
      <p>
        <Trans id="auth.forgot.remembered" components={{ 0: <Link href={route('login')} className={textLink} /> }} />
      </p>
    }
  >
    {page}
  </AuthLayout>
);
