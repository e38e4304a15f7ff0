import { Head, Link, usePage } from '@inertiajs/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { TextField } from '@/Components/TextField';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { textLink } from './Partials/textLink';
import { useAppForm } from '@/hooks/useAppForm';
import { Trans, useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface RegisterProps {
  /** 'organization' when the visitor came to create an organisation (Welcome's "Create your organization"). */
  intent: 'organization' | null;
}

/** Reached to create an organisation, the page says so: an account first, then the organisation. */
const useForOrganization = () => (usePage().props as { intent?: RegisterProps['intent'] }).intent === 'organization';

function Heading() {
  return <Trans id={useForOrganization() ? 'auth.register.organizationHeading' : 'auth.register.heading'} />;
}

function Description() {
  return <Trans id={useForOrganization() ? 'auth.register.organizationDescription' : 'auth.register.description'} />;
}

export default function Register({ intent }: RegisterProps) {
  const t = useT();
  const form = useAppForm({ name: '', email: '', password: '', password_confirmation: '', intent: intent ?? '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('register.store'), { onFinish: () => form.reset('password', 'password_confirmation') });
  };

  return (
    <>
      <Head title={intent === 'organization' ? t('auth.register.organizationHeading') : t('auth.register.title')} />
      {intent === 'organization' ? (
        <ol className="mb-5 list-inside list-decimal space-y-1 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          <li>{t('auth.register.steps.account')}</li>
          <li>{t('auth.register.steps.verify')}</li>
          <li>{t('auth.register.steps.organization')}</li>
        </ol>
      ) : null}
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField form={form} name="name" label={t('auth.fields.name')} autoComplete="name" autoFocus required maxLength={255} placeholder={t('auth.fields.namePlaceholder')} />
        <TextField form={form} name="email" label={t('auth.fields.email')} type="email" autoComplete="email" required maxLength={255} placeholder={t('auth.fields.emailPlaceholder')} />
        <TextField form={form} name="password" label={t('auth.fields.password')} hint={t('auth.fields.passwordHint')} type="password" autoComplete="new-password" required />
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
    title={<Heading />}
    description={<Description />}
    footer={
      <p>
        <Trans id="auth.register.haveAccount" components={{ 0: <Link href={route('login')} className={textLink} /> }} />
      </p>
    }
  >
    {page}
  </AuthLayout>
);
