import { Head, Link } from '@inertiajs/react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { TextField } from '@/Components/TextField';
import { useAppForm } from '@/hooks/useAppForm';
import { AuthLayout } from '@/Layouts/AuthLayout';
import { textLink } from './Partials/textLink';

/** After the password: a code from the authenticator app, or one of the recovery codes. */
export default function TwoFactorChallenge() {
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
    form.post('/two-factor-challenge', { onFinish: () => form.reset() });
  };

  return (
    <>
      <Head title="Two-factor confirmation" />
      <p className="mb-5 text-sm text-slate-600 dark:text-slate-400">
        {recovery
          ? 'Enter one of your emergency recovery codes. Each code works once.'
          : 'Open your authenticator app and enter the six-digit code it shows for this account.'}
      </p>
      <form onSubmit={submit} className="space-y-5" noValidate>
        {recovery ? (
          <TextField key="recovery" form={form} name="recovery_code" label="Recovery code" ref={input} autoComplete="one-time-code" autoFocus required />
        ) : (
          <TextField key="code" form={form} name="code" label="Code" ref={input} inputMode="numeric" autoComplete="one-time-code" autoFocus required />
        )}
        <Button type="submit" block processing={form.processing}>
          Sign in
        </Button>
      </form>
      <button type="button" onClick={toggle} className={`mt-4 text-sm ${textLink}`}>
        {recovery ? 'Use an authentication code' : 'Use a recovery code'}
      </button>
    </>
  );
}

TwoFactorChallenge.layout = (page: ReactNode) => (
  <AuthLayout
    title="Two-factor confirmation"
    description="Your account has two-factor sign-in turned on."
    footer={
      <Link href="/login" className={textLink}>
        Start again
      </Link>
    }
  >
    {page}
  </AuthLayout>
);
