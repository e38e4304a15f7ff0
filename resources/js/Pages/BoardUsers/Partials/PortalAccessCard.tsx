import { router, usePage } from '@inertiajs/react';
import { useState } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { PlanLimitNotice, type PlanLimit } from '@/Components/LimitNotice';
import { Select } from '@/Components/Select';
import { useFormatters } from '@/hooks/useFormatters';
import { localeOf, useT } from '@/i18n';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../../../shared/i18n';
import type { PortalAccessState } from '../../../../../shared/portal';
import { route } from '../../../../../shared/routes';

/** A board user's portal access as the Show page receives it (server/features/portal-access/repository.ts). */
export interface PortalAccess {
  state: PortalAccessState;
  granted_at: string | null;
  activated_at: string | null;
  last_seen_at: string | null;
}

export const portalTone = { none: 'neutral', invited: 'warning', active: 'success' } as const;

/**
 * The "Board portal" card: where the board user's access stands, and for editors and above the
 * grant (with the invitation's language), resend and revoke. Messages come back as flash toasts;
 * a refusal (no e-mail, inactive, the plan's limit) under the `portal` error.
 */
export function PortalAccessCard({
  id,
  name,
  email,
  access,
  limit,
  canManage,
  trashed,
}: {
  id: number;
  name: string;
  email: string | null;
  access: PortalAccess;
  limit: PlanLimit | null;
  canManage: boolean;
  trashed: boolean;
}) {
  const t = useT();
  const fmt = useFormatters();
  const page = usePage();
  const error = (page.props.errors as Record<string, string> | undefined)?.portal;
  const [locale, setLocale] = useState<Locale>(localeOf(page.props as Record<string, unknown>));
  const [processing, setProcessing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const url = route('board-users.portal-access.store', { id });
  const busy = { preserveScroll: true, onStart: () => setProcessing(true), onFinish: () => setProcessing(false) };
  const grant = () => router.post(url, { locale }, busy);
  const revoke = () =>
    router.delete(route('board-users.portal-access.destroy', { id }), {
      preserveScroll: true,
      onStart: () => setProcessing(true),
      onFinish: () => {
        setProcessing(false);
        setConfirming(false);
      },
    });

  const status =
    access.state === 'active'
      ? t('boardUsers.portal.activeSince', { date: fmt.date(access.activated_at!), seen: access.last_seen_at ? fmt.dateTime(access.last_seen_at) : 'none' })
      : access.state === 'invited'
        ? t('boardUsers.portal.invitedOn', { date: fmt.date(access.granted_at!) })
        : t('boardUsers.portal.notInvited');

  return (
    <Card title={t('boardUsers.portal.title')} description={t('boardUsers.portal.description')}>
      <div className="space-y-3 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={portalTone[access.state]} dot>
            {t('boardUsers.portal.state', { state: access.state })}
          </Badge>
          <span className="text-slate-600 dark:text-slate-300">{status}</span>
        </p>
        {error ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
        {canManage && !trashed ? (
          access.state === 'none' ? (
            !email ? (
              <p className="text-slate-600 dark:text-slate-300">{t('boardUsers.portal.needsEmail')}</p>
            ) : limit?.full ? (
              <PlanLimitNotice limit={limit} />
            ) : (
              <div className="flex flex-wrap items-end gap-2">
                <div className="grid gap-1">
                  <label htmlFor="portal-locale" className="font-medium text-slate-700 dark:text-slate-200">
                    {t('boardUsers.portal.language')}
                  </label>
                  <Select id="portal-locale" value={locale} onChange={(e) => setLocale(e.target.value as Locale)} options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))} />
                </div>
                <Button onClick={grant} disabled={processing}>
                  {t('boardUsers.portal.grant')}
                </Button>
              </div>
            )
          ) : (
            <div className="flex flex-wrap gap-2">
              {access.state === 'invited' ? (
                <Button variant="secondary" onClick={() => router.post(url, {}, busy)} disabled={processing}>
                  {t('boardUsers.portal.resend')}
                </Button>
              ) : null}
              <Button variant="danger" onClick={() => setConfirming(true)} disabled={processing}>
                {t('boardUsers.portal.revoke')}
              </Button>
            </div>
          )
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('boardUsers.portal.revokeTitle', { name })}
        description={t('boardUsers.portal.revokeDescription')}
        confirmLabel={t('boardUsers.portal.revoke')}
        processing={processing}
        onClose={() => setConfirming(false)}
        onConfirm={revoke}
      />
    </Card>
  );
}
