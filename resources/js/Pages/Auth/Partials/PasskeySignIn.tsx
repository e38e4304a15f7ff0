import { usePage } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import { Button } from '@/Components/Button';
import { cx } from '@/Components/cx';
import { useT } from '@/i18n';
import { keyIcon } from '@/Components/icons/key';
// The browser's own WebAuthn and fetch, a few hundred bytes: part of the page rather than a chunk
// (and axios, @simplewebauthn/browser) fetched after it rendered (issue #24).
import { cancelPasskeyRequest, PORTAL_PASSKEY_ROUTES, signInWithPasskey, STAFF_PASSKEY_ROUTES } from '@/lib/passkeySignIn';

const webAuthnAvailable = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * "Use a passkey": a button, and for staff the browser's passkey suggestions in the e-mail field
 * (conditional UI, `autocomplete="username webauthn"`) where the browser offers them. A board
 * member's passkey (`portal`) has the button only: one page holds one autofill request, the staff form's.
 */
export function PasskeySignIn({ portal = false, className = 'mt-5' }: { portal?: boolean; className?: string }) {
  const t = useT();
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const routes = portal ? PORTAL_PASSKEY_ROUTES : STAFF_PASSKEY_ROUTES;
  // The server's refusal (an unknown or removed passkey) comes back as the form's error.
  const refused = usePage<{ errors: Record<string, string | undefined> }>().props.errors?.[portal ? 'portal_passkey' : 'passkey'] ?? null;
  const shown = error ?? (busy ? null : refused);

  useEffect(() => {
    if (!webAuthnAvailable()) return;
    setSupported(true);
    if (portal) return;
    void signInWithPasskey(true, STAFF_PASSKEY_ROUTES);
    return cancelPasskeyRequest;
  }, [portal]);

  if (!supported) return null;

  const start = async () => {
    setBusy(true);
    setError(null);
    setError(await signInWithPasskey(false, routes));
    setBusy(false);
  };

  return (
    <div className={cx('space-y-3', className)}>
      <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        {t('auth.passkey.or')}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <Button variant="secondary" icon={keyIcon} block onClick={start} processing={busy}>
        {portal ? t('auth.orgLogin.passkey') : t('auth.passkey.use')}
      </Button>
      {shown ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
