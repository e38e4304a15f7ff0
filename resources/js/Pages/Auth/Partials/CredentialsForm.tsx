import { Link } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Checkbox } from '@/Components/Checkbox';
import { TextField } from '@/Components/TextField';
import { textLink } from './textLink';
import { PasskeySignIn } from './PasskeySignIn';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

export interface CredentialsFormProps {
  /** Where the e-mail, password and remember flag are posted. */
  action: string;
  submitLabel: string;
  canResetPassword: boolean;
}

/** E-mail, password and "remember me": the sign-in form of /login and /org-login/{slug}. */
export function CredentialsForm({ action, submitLabel, canResetPassword }: CredentialsFormProps) {
  const t = useT();
  const form = useAppForm({ email: '', password: '', remember: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(action, { onFinish: () => form.reset('password') });
  };
  // An error about the request rather than a field (e.g. an unknown organisation) shows above the form.
  const errors = form.errors as Record<string, string | undefined>;
  const general = Object.entries(errors).find(([key, message]) => message && !['email', 'password', 'remember'].includes(key))?.[1];

  return (
    <>
      {general ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-400/10 dark:text-red-200">
          {general}
        </p>
      ) : null}
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField form={form} name="email" label={t('auth.fields.email')} type="email" autoComplete="username webauthn" autoFocus required placeholder={t('auth.fields.emailPlaceholder')} />
        <div className="relative">
          <TextField form={form} name="password" label={t('auth.fields.password')} type="password" autoComplete="current-password" required />
          {canResetPassword ? (
            // Field's label row has no slot for a link, so this one sits over its right end.
            <Link href={route('password.request')} className={`absolute top-0 right-0 text-sm ${textLink}`}>
              {t('auth.login.forgot')}
            </Link>
          ) : null}
        </div>
        <Checkbox label={t('auth.login.remember')} name="remember" checked={form.data.remember} onChange={(e) => form.setData('remember', e.target.checked)} />
        <Button type="submit" block processing={form.processing}>
          {submitLabel}
        </Button>
      </form>
      <PasskeySignIn />
    </>
  );
}
