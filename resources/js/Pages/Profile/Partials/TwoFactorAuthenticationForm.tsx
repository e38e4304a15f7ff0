import { router } from '@inertiajs/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { ConfirmsPassword } from '@/Components/ConfirmsPassword';
import { Spinner } from '@/Components/Spinner';
import { TextField } from '@/Components/TextField';
import { useAppForm } from '@/hooks/useAppForm';
import { downloadText, freshRecoveryCodes, twoFactorSetupCode } from '@/lib/twoFactor';
import PasswordDeleteAction from './PasswordDeleteAction';

export interface TwoFactorStatus {
  enabled: boolean;
  confirming: boolean;
  recoveryCodesLeft: number;
  /** New recovery codes wait to be shown (once). */
  recoveryCodesReady: boolean;
}

/** Two-factor sign-in (Fortify's flow): turn on → scan → confirm with a code → recovery codes. */
export default function TwoFactorAuthenticationForm({ status, appName }: { status: TwoFactorStatus; appName: string }) {
  const [setup, setSetup] = useState<{ svg: string; secretKey: string } | null>(null);
  const [setupError, setSetupError] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const confirmForm = useAppForm({ code: '' });

  const loadSetup = () => {
    setSetupError(false);
    twoFactorSetupCode()
      .then(setSetup)
      .catch(() => setSetupError(true));
  };

  useEffect(() => {
    if (status.confirming && !setup) loadSetup();
    if (!status.confirming) setSetup(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status.confirming]);

  useEffect(() => {
    if (status.recoveryCodesReady) freshRecoveryCodes().then((c) => c.length && setCodes(c)).catch(() => undefined);
  }, [status.recoveryCodesReady]);

  const post = (url: string) => {
    setBusy(true);
    router.post(url, {}, { preserveScroll: true, onFinish: () => setBusy(false) });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    confirmForm.post('/user/confirmed-two-factor-authentication', { preserveScroll: true, onSuccess: () => confirmForm.reset() });
  };

  return (
    <Card
      id="two-factor"
      title={
        <span className="flex items-center gap-2">
          Two-factor sign-in
          {status.enabled ? <Badge tone="success" dot>On</Badge> : status.confirming ? <Badge tone="warning" dot>Finish set-up</Badge> : <Badge>Off</Badge>}
        </span>
      }
      description="Ask for a code from an authenticator app on your phone after your password."
    >
      <div className="space-y-5 text-sm text-slate-700 dark:text-slate-300">
        {!status.enabled && !status.confirming ? (
          <>
            <p>When it is on, signing in needs your password and a six-digit code from an app such as 1Password, Google Authenticator or Microsoft Authenticator.</p>
            <ConfirmsPassword onConfirmed={() => post('/user/two-factor-authentication')}>
              {(start, checking) => (
                <Button icon="shield" onClick={start} processing={checking || busy}>
                  Turn on two-factor sign-in
                </Button>
              )}
            </ConfirmsPassword>
          </>
        ) : null}

        {status.confirming ? (
          <div className="space-y-5">
            <p className="font-medium text-slate-900 dark:text-white">Scan this QR code with your authenticator app, or type the set-up key, then enter the code it shows.</p>
            {setup ? (
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
                <div
                  role="img"
                  aria-label={`QR code for ${appName}`}
                  className="size-44 shrink-0 rounded-lg bg-white p-2 ring-1 ring-slate-200 dark:ring-slate-700 [&>svg]:size-full"
                  dangerouslySetInnerHTML={{ __html: setup.svg }}
                />
                <div className="min-w-0">
                  <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Set-up key</p>
                  <p data-testid="two-factor-secret" className="mt-1 font-mono text-base break-all text-slate-900 select-all dark:text-white">
                    {setup.secretKey}
                  </p>
                </div>
              </div>
            ) : setupError ? (
              <ConfirmsPassword onConfirmed={loadSetup}>
                {(start, checking) => (
                  <Button variant="secondary" onClick={start} processing={checking}>
                    Show the set-up code
                  </Button>
                )}
              </ConfirmsPassword>
            ) : (
              <Spinner label="Loading the set-up code" />
            )}
            <form onSubmit={confirm} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <TextField
                form={confirmForm}
                name="code"
                label="Code from your app"
                inputMode="numeric"
                autoComplete="one-time-code"
                className="sm:w-48"
                required
              />
              <Button type="submit" processing={confirmForm.processing} className="sm:mt-7">
                Confirm
              </Button>
            </form>
          </div>
        ) : null}

        {status.enabled ? (
          <>
            <p>
              Signing in asks for a code from your authenticator app. {status.recoveryCodesLeft} unused recovery{' '}
              {status.recoveryCodesLeft === 1 ? 'code is' : 'codes are'} left for when you do not have your phone.
            </p>
            {codes.length ? <RecoveryCodes codes={codes} appName={appName} /> : null}
            <div className="flex flex-wrap gap-3">
              <ConfirmsPassword onConfirmed={() => post('/user/two-factor-recovery-codes')}>
                {(start, checking) => (
                  <Button variant="secondary" icon="bolt" onClick={start} processing={checking || busy}>
                    Make new recovery codes
                  </Button>
                )}
              </ConfirmsPassword>
              <PasswordDeleteAction
                url="/user/two-factor-authentication"
                label="Turn off"
                variant="danger"
                title="Turn off two-factor sign-in?"
                description="Signing in will need only your password. Enter it to confirm."
              />
            </div>
          </>
        ) : null}
      </div>
    </Card>
  );
}

function RecoveryCodes({ codes, appName }: { codes: string[]; appName: string }) {
  const titleId = `recovery-codes${useId().replace(/[^\w-]/g, '')}`;
  return (
    <div role="region" aria-labelledby={titleId} className="rounded-lg border border-amber-200 bg-amber-50 p-4 dark:border-amber-400/30 dark:bg-amber-400/10">
      <p id={titleId} className="font-medium text-amber-900 dark:text-amber-200">
        Your recovery codes
      </p>
      <p className="mt-1 text-amber-800 dark:text-amber-300">Keep them somewhere safe. Each works once. They are shown only now.</p>
      <ul data-testid="recovery-codes" className="mt-3 grid grid-cols-1 gap-1 font-mono text-sm text-slate-900 sm:grid-cols-2 dark:text-white">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="secondary" size="sm" icon="download" className="mt-3" onClick={() => downloadText(`${appName.toLowerCase()}-recovery-codes.txt`, codes.join('\n') + '\n')}>
        Download
      </Button>
    </div>
  );
}
