import { usePage } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import { Button } from '@/Components/Button';
import { useT } from '@/i18n';
import { keyIcon } from '@/Components/icons/key';
// The browser's own WebAuthn and fetch, a few hundred bytes: part of the page rather than a chunk
// (and axios, @simplewebauthn/browser) fetched after it rendered (issue #24).
import { cancelPasskeyRequest, signInWithPasskey } from '@/lib/passkeySignIn';

const webAuthnAvailable = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * "Use a passkey": a button, and the browser's passkey suggestions in the e-mail field
 * (conditional UI, `autocomplete="username webauthn"`) where the browser offers them.
 */
export function PasskeySignIn() {
  const t = useT();
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server's refusal (an unknown or removed passkey) comes back as the form's `passkey` error.
  const refused = usePage<{ errors: Record<string, string | undefined> }>().props.errors?.passkey ?? null;
  const shown = error ?? (busy ? null : refused);

  useEffect(() => {
    if (!webAuthnAvailable()) return;
    setSupported(true);
    void signInWithPasskey(true);
    return cancelPasskeyRequest;
  }, []);

  if (!supported) return null;

  const start = async () => {
    setBusy(true);
    setError(null);
    setError(await signInWithPasskey(false));
    setBusy(false);
  };

  return (
    <div className="mt-5 space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        {t('auth.passkey.or')}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <Button variant="secondary" icon={keyIcon} block onClick={start} processing={busy}>
        {t('auth.passkey.use')}
      </Button>
      {shown ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
