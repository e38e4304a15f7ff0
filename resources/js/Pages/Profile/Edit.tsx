import { Head, usePage } from '@inertiajs/react';
import { FormColumn } from '@/Components/FormColumn';
import { PageHeader } from '@/Components/PageHeader';
import DeleteUserForm from './Partials/DeleteUserForm';
import UpdatePasswordForm from './Partials/UpdatePasswordForm';
import UpdateProfileInformationForm from './Partials/UpdateProfileInformationForm';
import TwoFactorAuthenticationForm, { type TwoFactorStatus } from './Partials/TwoFactorAuthenticationForm';
import BrowserSessionsForm, { type BrowserSession } from './Partials/BrowserSessionsForm';
import PasskeysForm, { type Passkey } from './Partials/PasskeysForm';
import { useT } from '@/i18n';

export interface ProfileEditProps {
  mustVerifyEmail: boolean;
  /** 'verification-link-sent' after a resend. */
  status: string | null;
  twoFactor: TwoFactorStatus;
  /** Every signed-in browser of the user (Jetstream's `sessions`). */
  sessions: BrowserSession[];
  passkeys: Passkey[];
}

/** Profile settings: name and e-mail, password, account deletion. Uses the default AppLayout. */
export default function Edit({ mustVerifyEmail, status, twoFactor, sessions, passkeys }: ProfileEditProps) {
  const { appName } = usePage().props;
  const t = useT();
  return (
    <>
      <Head title={t('profile.edit.title')} />
      <PageHeader title={t('profile.edit.title')} description={t('profile.edit.description')} />
      <FormColumn>
        <UpdateProfileInformationForm mustVerifyEmail={mustVerifyEmail} status={status} />
        <UpdatePasswordForm />
        <TwoFactorAuthenticationForm status={twoFactor} appName={appName} />
        <PasskeysForm passkeys={passkeys} />
        <BrowserSessionsForm sessions={sessions} />
        <DeleteUserForm />
      </FormColumn>
    </>
  );
}
