import { Head, Link, router, usePage } from '@inertiajs/react';
import { useState, type ReactNode } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { Icon, type IconGlyph } from '@/Components/Icon';
import { alertIcon } from '@/Components/icons/alert';
import { arrowIcon } from '@/Components/icons/arrow';
import { cardIcon } from '@/Components/icons/card';
import { clockIcon } from '@/Components/icons/clock';
import { keyIcon } from '@/Components/icons/key';
import { documentIcon } from '@/Components/icons/document';
import { externalIcon } from '@/Components/icons/external';
import { infoIcon } from '@/Components/icons/info';
import { logoutIcon } from '@/Components/icons/logout';
import { pencilIcon } from '@/Components/icons/pencil';
import { shieldIcon } from '@/Components/icons/shield';
import { usersIcon } from '@/Components/icons/users';
import { PageHeader } from '@/Components/PageHeader';
import { UrlText } from '@/Components/UrlText';
import { useFormatters } from '@/hooks/useFormatters';
import { roleTones } from '@/lib/roles';
import type { OrganizationAbilities, OrganizationDetails } from './Form';
import { useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface ShowProps {
  organization: OrganizationDetails;
  abilities: OrganizationAbilities;
  /** Why "Leave" is not offered to this member (the last owner); null otherwise. */
  leaveRefusal: string | null;
}

export default function Show({ organization, abilities, leaveRefusal }: ShowProps) {
  const fmt = useFormatters();
  const t = useT();
  const errors = usePage().props.errors as Record<string, string | undefined>;
  const [leaving, setLeaving] = useState(false);
  const [processing, setProcessing] = useState(false);
  const current = organization.is_current;
  const switchTo = () => router.post(route('organizations.switch', { id: organization.id }));

  return (
    <>
      <Head title={organization.name} />
      <PageHeader
        title={organization.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {organization.role ? (
              <Badge tone={roleTones[organization.role]}>{t('organizations.show.youAre', { role: organization.role })}</Badge>
            ) : (
              <Badge tone="warning">{t('organizations.show.platformAdmin')}</Badge>
            )}
            {current ? (
              <Badge tone="success" dot>
                {t('organizations.show.current')}
              </Badge>
            ) : null}
          </span>
        }
        back={{ href: route('organizations.index'), label: t('organizations.show.back') }}
        actions={
          <>
            {!current ? (
              <Button variant="secondary" icon={arrowIcon} onClick={switchTo}>
                {t('organizations.show.switch')}
              </Button>
            ) : null}
            {abilities.manageOrganization ? (
              <Button href={route('organizations.edit', { id: organization.id })} icon={pencilIcon}>
                {t('organizations.show.edit')}
              </Button>
            ) : null}
          </>
        }
      />

      {errors.organization ? (
        <div role="alert" className="mb-6 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-200">
          <Icon icon={alertIcon} className="size-5 shrink-0" />
          <p>{errors.organization}</p>
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <Card title={t('organizations.show.details.title')} className="lg:col-span-2">
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            <Detail label={t('organizations.show.details.slug')}>
              <code className="font-mono">{organization.slug}</code>
            </Detail>
            <Detail label={t('organizations.show.details.members')}>{fmt.number(organization.members_count)}</Detail>
            <Detail label={t('organizations.show.details.website')}>
              {organization.website ? (
                <a href={organization.website} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-4 dark:text-brand-300">
                  <UrlText value={organization.website} />
                  <Icon icon={externalIcon} className="size-3.5 shrink-0" />
                </a>
              ) : (
                '—'
              )}
            </Detail>
            <Detail label={t('organizations.show.details.created')}>{fmt.date(organization.created_at)}</Detail>
            <Detail label={t('organizations.show.details.plan')}>
              {organization.plan ? t('organizations.plan', { plan: organization.plan }) : '—'}
              {organization.subscription_status === 'trialing' && organization.trial_ends_at ? (
                <span className="text-slate-500 dark:text-slate-400"> {t('organizations.show.details.trialUntil', { date: fmt.date(organization.trial_ends_at) })}</span>
              ) : null}
            </Detail>
            <Detail label={t('organizations.show.details.publicPage')}>
              {organization.public_page_enabled ? (
                <a href={route('public-insights.index', { orgSlug: organization.slug })} className="font-mono text-brand-700 underline underline-offset-4 dark:text-brand-300">
                  <UrlText value={route('public-insights.index', { orgSlug: organization.slug })} />
                </a>
              ) : (
                t('organizations.show.details.off')
              )}
            </Detail>
            <Detail label={t('organizations.show.details.description')} wide>
              {organization.description ? (
                <p className="whitespace-pre-line">{organization.description}</p>
              ) : (
                <span className="text-slate-500 dark:text-slate-400">{t('organizations.show.details.noDescription')}</span>
              )}
            </Detail>
          </dl>
        </Card>

        <Card title={t('organizations.show.goTo.title')}>
          <ul className="space-y-1">
            {current ? (
              <>
                {abilities.manageMembers ? <Shortcut href={route('users.index')} icon={shieldIcon} label={t('organizations.show.goTo.members')} /> : null}
                {abilities.viewActivity ? <Shortcut href={route('activity-logs.index', { id: organization.id })} icon={clockIcon} label={t('organizations.show.goTo.activity')} /> : null}
                {abilities.manageOrganization ? <Shortcut href={route('api-tokens.index', { id: organization.id })} icon={keyIcon} label={t('organizations.apiTokens.link.title')} /> : null}
                <Shortcut href={route('subscription.show')} icon={cardIcon} label={t('organizations.show.goTo.subscription')} />
                <Shortcut href={route('board-users.index')} icon={usersIcon} label={t('organizations.show.goTo.boardUsers')} />
                <Shortcut href={route('insights.index')} icon={documentIcon} label={t('organizations.show.goTo.insights')} />
              </>
            ) : (
              <li className="text-sm text-slate-600 dark:text-slate-400">{t('organizations.show.goTo.switchFirst')}</li>
            )}
          </ul>
          <p className="mt-4 border-t border-slate-200 pt-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {t('organizations.show.goTo.directSignIn')}{' '}
            <Link href={route('org-login.show', { slug: organization.slug })} className="font-mono text-brand-700 underline underline-offset-4 dark:text-brand-300">
              <UrlText value={route('org-login.show', { slug: organization.slug })} />
            </Link>
          </p>
        </Card>
      </div>

      {abilities.leave ? (
        <Card title={t('organizations.show.leave.title')} description={t('organizations.show.leave.description')} className="mt-6">
          <Button variant="secondary" icon={logoutIcon} onClick={() => setLeaving(true)}>
            {t('organizations.show.leave.button', { name: organization.name })}
          </Button>
        </Card>
      ) : leaveRefusal ? (
        <Card title={t('organizations.show.leave.title')} className="mt-6">
          <p className="flex gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Icon icon={infoIcon} className="mt-px size-5 shrink-0 text-slate-400" />
            <span>
              {leaveRefusal}{' '}
              {abilities.transferOwnership ? (
                <Link href={`${route('organizations.edit', { id: organization.id })}#transfer-ownership`} className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300">
                  {t('organizations.show.leave.transfer')}
                </Link>
              ) : null}
            </span>
          </p>
        </Card>
      ) : null}
      <ConfirmDialog
        open={leaving}
        title={t('organizations.show.leave.dialogTitle', { name: organization.name })}
        description={t('organizations.show.leave.dialogDescription')}
        confirmLabel={t('organizations.show.leave.confirm')}
        processing={processing}
        onClose={() => setLeaving(false)}
        onConfirm={() =>
          router.post(
            route('organizations.leave', { id: organization.id }),
            {},
            {
              onStart: () => setProcessing(true),
              onFinish: () => {
                setProcessing(false);
                setLeaving(false);
              },
            },
          )
        }
      />
    </>
  );
}

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function Shortcut({ href, icon, label }: { href: string; icon: IconGlyph; label: string }) {
  return (
    <li>
      <Link href={href} className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
        <Icon icon={icon} className="size-4 text-slate-400" />
        {label}
      </Link>
    </li>
  );
}
