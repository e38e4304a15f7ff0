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
import { useT } from '@/i18n';
import PasswordDeleteAction from './PasswordDeleteAction';
import { boltIcon } from '@/Components/icons/bolt';
import { downloadIcon } from '@/Components/icons/download';
import { shieldIcon } from '@/Components/icons/shield';
import { route } from '../../../../../shared/routes';

export interface TwoFactorStatus {
  enabled: boolean;
  confirming: boolean;
  recoveryCodesLeft: number;
  /** New recovery codes wait to be shown (once). */
  recoveryCodesReady: boolean;
}

/** Two-factor sign-in (Fortify's flow): turn on → scan → confirm with a code → recovery codes. */
export default function TwoFactorAuthenticationForm({ status, appName }: { status: TwoFactorStatus; appName: string }) {
  const t = useT();
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the setup once when confirmation starts; depending on `setup` would reload it after each load
  useEffect(() => {
    if (status.confirming && !setup) loadSetup();
    if (!status.confirming) setSetup(null);
  }, [status.confirming]);

  useEffect(() => {
    if (status.recoveryCodesReady)
      freshRecoveryCodes()
        .then((c) => c.length && setCodes(c))
        .catch(() => undefined);
  }, [status.recoveryCodesReady]);

  const post = (url: string) => {
    setBusy(true);
    router.post(url, {}, { preserveScroll: true, onFinish: () => setBusy(false) });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    confirmForm.post(route('two-factor.confirm'), { preserveScroll: true, onSuccess: () => confirmForm.reset() });
  };

  return (
    <Card
      id="two-factor"
      title={
        <span className="flex items-center gap-2">
          {t('profile.twoFactor.title')}
          {status.enabled ? (
            <Badge tone="success" dot>
              {t('profile.twoFactor.on')}
            </Badge>
          ) : status.confirming ? (
            <Badge tone="warning" dot>
              {t('profile.twoFactor.finishSetup')}
            </Badge>
          ) : (
            <Badge>{t('profile.twoFactor.off')}</Badge>
          )}
        </span>
      }
      description={t('profile.twoFactor.description')}
    >
      <div className="space-y-5 text-sm text-slate-700 dark:text-slate-300">
        {!status.enabled && !status.confirming ? (
          <>
            <p>{t('profile.twoFactor.explanation')}</p>
            <ConfirmsPassword onConfirmed={() => post(route('two-factor.enable'))}>
              {(start, checking) => (
                <Button icon={shieldIcon} onClick={start} processing={checking || busy}>
                  {t('profile.twoFactor.turnOn')}
                </Button>
              )}
            </ConfirmsPassword>
          </>
        ) : null}

        {status.confirming ? (
          <div className="space-y-5">
            <p className="font-medium text-slate-900 dark:text-white">{t('profile.twoFactor.scan')}</p>
            {setup ? (
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
                <div
                  role="img"
                  aria-label={t('profile.twoFactor.qrLabel', { appName })}
                  className="size-44 shrink-0 rounded-lg bg-white p-2 ring-1 ring-slate-200 dark:ring-slate-700 [&>svg]:size-full"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the QR code SVG the server generated (qrcode), no user input
                  dangerouslySetInnerHTML={{ __html: setup.svg }}
                />
                <div className="min-w-0">
                  <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{t('profile.twoFactor.setupKey')}</p>
                  <p data-testid="two-factor-secret" className="mt-1 font-mono text-base break-all text-slate-900 select-all dark:text-white">
                    {setup.secretKey}
                  </p>
                </div>
              </div>
            ) : setupError ? (
              <ConfirmsPassword onConfirmed={loadSetup}>
                {(start, checking) => (
                  <Button variant="secondary" onClick={start} processing={checking}>
                    {t('profile.twoFactor.showSetup')}
                  </Button>
                )}
              </ConfirmsPassword>
            ) : (
              <Spinner label={t('profile.twoFactor.loadingSetup')} />
            )}
            <form onSubmit={confirm} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <TextField form={confirmForm} name="code" label={t('profile.twoFactor.code')} inputMode="numeric" autoComplete="one-time-code" className="sm:w-48" required />
              <Button type="submit" processing={confirmForm.processing} className="sm:mt-7">
                {t('profile.twoFactor.confirm')}
              </Button>
            </form>
          </div>
        ) : null}

        {status.enabled ? (
          <>
            <p>{t('profile.twoFactor.enabled', { count: status.recoveryCodesLeft })}</p>
            {codes.length ? <RecoveryCodes codes={codes} appName={appName} /> : null}
            <div className="flex flex-wrap gap-3">
              <ConfirmsPassword onConfirmed={() => post(route('two-factor.recovery-codes'))}>
                {(start, checking) => (
                  <Button variant="secondary" icon={boltIcon} onClick={start} processing={checking || busy}>
                    {t('profile.twoFactor.newCodes')}
                  </Button>
                )}
              </ConfirmsPassword>
              <PasswordDeleteAction
                url={route('two-factor.disable')}
                label={t('profile.twoFactor.turnOff')}
                variant="danger"
                title={t('profile.twoFactor.turnOffTitle')}
                description={t('profile.twoFactor.turnOffDescription')}
              />
            </div>
          </>
        ) : null}
      </div>
    </Card>
  );
}

function RecoveryCodes({ codes, appName }: { codes: string[]; appName: string }) {
  const t = useT();
  const titleId = `recovery-codes${useId().replace(/[^\w-]/g, '')}`;
  return (
    <div role="region" aria-labelledby={titleId} className="rounded-lg border border-amber-200 bg-amber-50 p-4 dark:border-amber-400/30 dark:bg-amber-400/10">
      <p id={titleId} className="font-medium text-amber-900 dark:text-amber-200">
        {t('profile.twoFactor.recovery.title')}
      </p>
      <p className="mt-1 text-amber-800 dark:text-amber-300">{t('profile.twoFactor.recovery.text')}</p>
      <ul data-testid="recovery-codes" className="mt-3 grid grid-cols-1 gap-1 font-mono text-sm text-slate-900 sm:grid-cols-2 dark:text-white">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="secondary" size="sm" icon={downloadIcon} className="mt-3" onClick={() => downloadText(`${appName.toLowerCase()}-recovery-codes.txt`, `${codes.join('\n')}\n`)}>
        {t('profile.twoFactor.recovery.download')}
      </Button>
    </div>
  );
}
