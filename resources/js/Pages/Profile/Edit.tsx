import { Head, usePage } from '@inertiajs/react';
import { FormColumn } from '@/Components/FormColumn';
import { PageHeader } from '@/Components/PageHeader';
import DeleteUserForm from './Partials/DeleteUserForm';
import UpdatePasswordForm from './Partials/UpdatePasswordForm';
import UpdateProfileInformationForm from './Partials/UpdateProfileInformationForm';
import TwoFactorAuthenticationForm, { type TwoFactorStatus } from './Partials/TwoFactorAuthenticationForm';
import BrowserSessionsForm, { type BrowserSession } from './Partials/BrowserSessionsForm';
import PasskeysForm, { type Passkey } from './Partials/PasskeysForm';

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
  return (
    <>
      <Head title="Profile settings" />
      <PageHeader title="Profile settings" description="Manage your name, email address, password and sign-in security, or delete your account." />
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
