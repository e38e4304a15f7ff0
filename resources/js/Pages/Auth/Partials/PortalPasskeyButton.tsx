import { usePage } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import { Button } from '@/Components/Button';
import { useT } from '@/i18n';
import { keyIcon } from '@/Components/icons/key';
import { PORTAL_PASSKEY_ROUTES, signInWithPasskey } from '@/lib/passkeySignIn';

/** A board member's passkey (added in the portal's settings): a button, no autofill (the staff form holds that). */
export function PortalPasskeyButton() {
  const t = useT();
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refused = usePage<{ errors: Record<string, string | undefined> }>().props.errors?.portal_passkey ?? null;
  const shown = error ?? (busy ? null : refused);

  useEffect(() => setSupported(typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'), []);
  if (!supported) return null;

  const start = async () => {
    setBusy(true);
    setError(null);
    setError(await signInWithPasskey(false, PORTAL_PASSKEY_ROUTES));
    setBusy(false);
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        {t('auth.passkey.or')}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <Button variant="secondary" icon={keyIcon} block onClick={start} processing={busy}>
        {t('auth.orgLogin.passkey')}
      </Button>
      {shown ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
