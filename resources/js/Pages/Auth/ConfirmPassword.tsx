import { Head, router } from '@inertiajs/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { TextField } from '@/Components/TextField';
import { Icon } from '@/Components/Icon';
import { clockIcon } from '@/Components/icons/clock';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { textLink } from './Partials/textLink';
import { useAppForm } from '@/hooks/useAppForm';
import { Trans, useT } from '@/i18n';
import { route } from '../../../../shared/routes';

/** Back to the page that asked for confirmation (Inertia pushed this page on top of it). */
function goBack() {
  if (window.history.length > 1) window.history.back();
  else router.visit(route('dashboard'));
}

export default function ConfirmPassword() {
  const t = useT();
  const form = useAppForm({ password: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('password.confirm.store'), { onFinish: () => form.reset('password') });
  };

  return (
    <>
      <Head title={t('auth.confirm.title')} />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField form={form} name="password" label={t('auth.fields.password')} type="password" autoComplete="current-password" autoFocus required />
        <Button type="submit" block processing={form.processing}>
          {t('auth.confirm.submit')}
        </Button>
        <p className="flex items-start gap-2 text-xs text-slate-500 dark:text-slate-400">
          <Icon icon={clockIcon} className="mt-px size-4" />
          {t('auth.confirm.window')}
        </p>
      </form>
    </>
  );
}

ConfirmPassword.layout = (page: ReactNode) => (
  <AuthLayout
    title={<Trans id="auth.confirm.heading" />}
    description={<Trans id="auth.confirm.description" />}
    footer={
      <button type="button" onClick={goBack} className={textLink}>
        <Trans id="auth.confirm.cancel" />
      </button>
    }
  >
    {page}
  </AuthLayout>
);
