import { Head } from '@inertiajs/react';
import { FormColumn } from '@/Components/FormColumn';
import { PageHeader } from '@/Components/PageHeader';
import DeleteUserForm from './Partials/DeleteUserForm';
import UpdatePasswordForm from './Partials/UpdatePasswordForm';
import UpdateProfileInformationForm from './Partials/UpdateProfileInformationForm';

export interface ProfileEditProps {
  mustVerifyEmail: boolean;
  /** 'verification-link-sent' after a resend. */
  status: string | null;
}

/** Profile settings: name and e-mail, password, account deletion. Uses the default AppLayout. */
export default function Edit({ mustVerifyEmail, status }: ProfileEditProps) {
  return (
    <>
      <Head title="Profile settings" />
      <PageHeader title="Profile settings" description="Manage your name, email address and password, or delete your account." />
      <FormColumn>
        <UpdateProfileInformationForm mustVerifyEmail={mustVerifyEmail} status={status} />
        <UpdatePasswordForm />
        <DeleteUserForm />
      </FormColumn>
    </>
  );
}
