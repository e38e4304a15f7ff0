import { Head, Link } from '@inertiajs/react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { TextField } from '@/Components/TextField';
import { useAppForm } from '@/hooks/useAppForm';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { textLink } from './Partials/textLink';
import { Trans, useT } from '@/i18n';
import { route } from '../../../../shared/routes';

/** After the password: a code from the authenticator app, or one of the recovery codes. */
export default function TwoFactorChallenge() {
  const t = useT();
  const [recovery, setRecovery] = useState(false);
  const form = useAppForm({ code: '', recovery_code: '' });
  const input = useRef<HTMLInputElement>(null);

  const toggle = () => {
    setRecovery((r) => !r);
    form.reset();
    form.clearErrors();
    queueMicrotask(() => input.current?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.transform((data) => (recovery ? { recovery_code: data.recovery_code } : { code: data.code }));
    form.post(route('two-factor.login.store'), { onFinish: () => form.reset() });
  };

  return (
    <>
      <Head title={t('auth.twoFactor.title')} />
      <p className="mb-5 text-sm text-slate-600 dark:text-slate-400">{recovery ? t('auth.twoFactor.recoveryIntro') : t('auth.twoFactor.codeIntro')}</p>
      <form onSubmit={submit} className="space-y-5" noValidate>
        {recovery ? (
          <TextField key="recovery" form={form} name="recovery_code" label={t('auth.twoFactor.recoveryCode')} ref={input} autoComplete="one-time-code" autoFocus required />
        ) : (
          <TextField key="code" form={form} name="code" label={t('auth.twoFactor.code')} ref={input} inputMode="numeric" autoComplete="one-time-code" autoFocus required />
        )}
        <Button type="submit" block processing={form.processing}>
          {t('auth.twoFactor.submit')}
        </Button>
      </form>
      <button type="button" onClick={toggle} className={`mt-4 text-sm ${textLink}`}>
        {recovery ? t('auth.twoFactor.useCode') : t('auth.twoFactor.useRecovery')}
      </button>
    </>
  );
}

TwoFactorChallenge.layout = (page: ReactNode) => (
  <AuthLayout
    title={<Trans id="auth.twoFactor.heading" />}
    description={<Trans id="auth.twoFactor.description" />}
    footer={
      <Link href={route('login')} className={textLink}>
        <Trans id="auth.twoFactor.startAgain" />
      </Link>
    }
  >
    {page}
  </AuthLayout>
);
