import { Head, Link } from '@inertiajs/react';
import { isValidElement, type FormEvent, type ReactElement } from 'react';
import { Button } from '@/Components/Button';
import { Field } from '@/Components/Field';
import { TextField } from '@/Components/TextField';
import { Icon } from '@/Components/Icon';
import { alertIcon } from '@/Components/icons/alert';
import { lockIcon } from '@/Components/icons/lock';
import { logoutIcon } from '@/Components/icons/logout';
import { TextInput } from '@/Components/TextInput';
import { AuthLayout } from '@/Layouts/AuthLayout';
import type { Role } from '@/types';
import { useAppForm } from '@/hooks/useAppForm';
import { Trans, useT } from '@/i18n';
import { signOut } from '@/lib/sign-out';
import { route } from '../../../../shared/routes';

type OpenState = 'register' | 'sign-in' | 'join' | 'wrong-user' | 'member';
type ClosedState = 'invalid' | 'gone' | 'used' | 'revoked' | 'expired' | 'full';

export interface InvitationDetails {
  email: string;
  role: Role;
  organization: { id: number; name: string; slug: string };
  expires_at: string;
}

export interface AcceptProps {
  token: string;
  state: OpenState | ClosedState;
  message: string | null;
  details: InvitationDetails | null;
  /** The e-mail of the signed-in user, if any. */
  signedInAs: string | null;
}

export default function Accept({ token, state, message, details, signedInAs }: AcceptProps) {
  const t = useT();
  const action = route('invitations.show', { token });
  const title = details ? t('invitations.accept.join', { organization: details.organization.name }) : t('invitations.accept.invitation');

  if (!details || ['invalid', 'gone', 'used', 'revoked', 'expired', 'full'].includes(state)) {
    return (
      <>
        <Head title={title} />
        <div role="alert" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100">
          <Icon icon={alertIcon} className="size-5 shrink-0" />
          <p>{message}</p>
        </div>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {signedInAs ? (
            <Button href={route('dashboard')}>{t('invitations.accept.dashboard')}</Button>
          ) : (
            <>
              <Button href={route('login')}>{t('invitations.accept.signIn')}</Button>
              <Button href="/" variant="secondary">
                {t('invitations.accept.home')}
              </Button>
            </>
          )}
        </div>
      </>
    );
  }

  const intro = (
    <p className="mb-6 text-center text-sm text-slate-600 dark:text-slate-400">
      <Trans
        id="invitations.accept.intro"
        values={{ organization: details.organization.name, role: details.role }}
        components={{ 0: <strong className="text-slate-900 dark:text-white" />, 1: <strong className="text-slate-900 dark:text-white" /> }}
      />
    </p>
  );

  return (
    <>
      <Head title={title} />
      {intro}
      {state === 'register' ? <RegisterForm action={action} email={details.email} /> : null}
      {state === 'sign-in' ? (
        <div className="space-y-4 text-center">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <Trans id="invitations.accept.existingAccount" values={{ email: details.email }} components={{ 0: <strong /> }} />
          </p>
          <Button href={route('login')} block icon={lockIcon}>
            {t('invitations.accept.signInAs', { email: details.email })}
          </Button>
        </div>
      ) : null}
      {state === 'join' || state === 'member' ? (
        <JoinForm
          action={action}
          label={state === 'member' ? t('invitations.accept.open', { organization: details.organization.name }) : t('invitations.accept.join', { organization: details.organization.name })}
          note={message}
        />
      ) : null}
      {state === 'wrong-user' ? (
        <div className="space-y-4">
          <div role="alert" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100">
            <Icon icon={alertIcon} className="size-5 shrink-0" />
            <p>{message}</p>
          </div>
          <Button block variant="secondary" icon={logoutIcon} onClick={() => void signOut()}>
            {t('invitations.accept.signOut')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function RegisterForm({ action, email }: { action: string; email: string }) {
  const t = useT();
  const form = useAppForm({ name: '', password: '', password_confirmation: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(action, { onFinish: () => form.reset('password', 'password_confirmation') });
  };
  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <Field label={t('invitations.register.email')} hint={t('invitations.register.emailHint')}>
        {(p) => <TextInput {...p} type="email" name="email" value={email} readOnly autoComplete="username" />}
      </Field>
      <TextField form={form} name="name" label={t('invitations.register.name')} maxLength={255} autoComplete="name" autoFocus />
      <TextField form={form} name="password" label={t('invitations.register.password')} hint={t('invitations.register.passwordHint')} type="password" autoComplete="new-password" />
      <TextField form={form} name="password_confirmation" label={t('invitations.register.passwordConfirmation')} type="password" autoComplete="new-password" />
      <Button type="submit" block processing={form.processing}>
        {t('invitations.register.submit')}
      </Button>
    </form>
  );
}

function JoinForm({ action, label, note }: { action: string; label: string; note: string | null }) {
  const form = useAppForm({});
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        form.post(action);
      }}
      className="space-y-4"
    >
      {note ? <p className="text-center text-sm text-slate-600 dark:text-slate-400">{note}</p> : null}
      <Button type="submit" block processing={form.processing}>
        {label}
      </Button>
    </form>
  );
}

// Inertia 3 calls a layout function with the page's props first, then with the page element.
Accept.layout = (page: ReactElement<AcceptProps> | AcceptProps) => {
  const props = isValidElement(page) ? (page.props as AcceptProps) : page;
  return (
    <AuthLayout
      title={props.details ? props.details.organization.name : <Trans id="invitations.accept.invitation" />}
      footer={
        props.signedInAs ? (
          <p>
            <Trans id="invitations.accept.signedInAs" values={{ email: props.signedInAs }} />
          </p>
        ) : (
          <p>
            <Trans
              id="invitations.accept.alreadyMember"
              components={{ 0: <Link href={route('login')} className="rounded font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300" /> }}
            />
          </p>
        )
      }
    >
      {isValidElement(page) ? page : null}
    </AuthLayout>
  );
};
