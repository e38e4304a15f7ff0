import { Head, usePage } from '@inertiajs/react';
import { useEffect, useRef } from 'react';
import { Icon } from '@/Components/Icon';
import { shieldIcon } from '@/Components/icons/shield';
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
  /** The current organisation's name when it requires a second factor this user has not set up. */
  twoFactorRequiredBy: string | null;
}

/**
 * Why this page opened here: the organisation requires two-factor sign-in. It stays while the
 * requirement is unmet (a page that bounced here shows it again) and takes the focus, so the
 * reason is read first; the two-factor and passkey sections follow it.
 */
function TwoFactorRequired({ organization }: { organization: string }) {
  const t = useT();
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => {
      notice.current?.focus({ preventScroll: true });
      notice.current?.scrollIntoView({ block: 'start' });
    });
    return () => window.cancelAnimationFrame(frame);
  }, []);
  return (
    <div
      ref={notice}
      id="two-factor-required"
      tabIndex={-1}
      role="region"
      aria-labelledby="two-factor-required-title"
      className="scroll-mt-24 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100"
    >
      <p id="two-factor-required-title" className="flex items-center gap-2 font-semibold">
        <Icon icon={shieldIcon} className="size-5 shrink-0" />
        {t('profile.twoFactorRequired.title', { organization })}
      </p>
      <p className="mt-1">{t('profile.twoFactorRequired.text', { organization })}</p>
    </div>
  );
}

/** Profile settings: name and e-mail, password, account deletion. Uses the default AppLayout. */
export default function Edit({ mustVerifyEmail, status, twoFactor, sessions, passkeys, twoFactorRequiredBy }: ProfileEditProps) {
  const { appName } = usePage().props;
  const t = useT();
  return (
    <>
      <Head title={t('profile.edit.title')} />
      <PageHeader title={t('profile.edit.title')} description={t('profile.edit.description')} />
      <FormColumn>
        <UpdateProfileInformationForm mustVerifyEmail={mustVerifyEmail} status={status} />
        <UpdatePasswordForm />
        {/* Right above the section that lifts it (its own slot: the cards below keep their state when it goes). */}
        {twoFactorRequiredBy ? <TwoFactorRequired organization={twoFactorRequiredBy} /> : null}
        <TwoFactorAuthenticationForm status={twoFactor} appName={appName} />
        <PasskeysForm passkeys={passkeys} />
        <BrowserSessionsForm sessions={sessions} />
        <DeleteUserForm />
      </FormColumn>
    </>
  );
}
