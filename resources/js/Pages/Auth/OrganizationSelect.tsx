import { Head, Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { EmptyState } from '@/Components/EmptyState';
import { Icon } from '@/Components/Icon';
import { arrowIcon } from '@/Components/icons/arrow';
import { buildingIcon } from '@/Components/icons/building';
import { plusIcon } from '@/Components/icons/plus';
import { AuthLayout } from '@/Layouts/AuthLayout';
import type { OrganizationSummary } from '@/types';
import { roleLabels, roleTones } from '@/lib/roles';
import { useAppForm } from '@/hooks/useAppForm';
import { Trans, useT } from '@/i18n';
import { signOut } from '@/lib/sign-out';
import { route } from '../../../../shared/routes';

export interface OrganizationSelectProps {
  organizations: OrganizationSummary[];
  currentId: number | null;
  /** Platform admins may open any organization from the full list. */
  canBrowseAll: boolean;
}

export default function OrganizationSelect({ organizations, currentId, canBrowseAll }: OrganizationSelectProps) {
  const t = useT();
  const form = useAppForm({ organization_id: '' });
  const choose = (id: number) => {
    form.transform(() => ({ organization_id: String(id) }));
    form.post(route('organizations.select.store'));
  };

  return (
    <>
      <Head title={t('auth.select.title')} />
      {organizations.length === 0 && canBrowseAll ? (
        <EmptyState
          bordered={false}
          className="px-0 py-2"
          icon={buildingIcon}
          title={t('auth.select.adminTitle')}
          text={t('auth.select.adminText')}
          action={
            <>
              <Button href={route('organizations.index')} icon={arrowIcon}>
                {t('auth.select.all')}
              </Button>
              <Button href={route('organizations.create')} variant="secondary" icon={plusIcon}>
                {t('auth.select.create')}
              </Button>
            </>
          }
        />
      ) : organizations.length === 0 ? (
        <EmptyState
          bordered={false}
          className="px-0 py-2"
          icon={buildingIcon}
          title={t('auth.select.noneTitle')}
          text={t('auth.select.noneText')}
          action={
            <Button href={route('organizations.create')} icon={plusIcon}>
              {t('auth.select.create')}
            </Button>
          }
        />
      ) : (
        <>
          {form.errors.organization_id ? (
            <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-400/10 dark:text-red-200">
              {form.errors.organization_id}
            </p>
          ) : null}
          <ul className="space-y-2" aria-label={t('auth.select.yours')}>
            {organizations.map((o) => (
              <li key={o.id}>
                <button
                  type="button"
                  disabled={form.processing}
                  onClick={() => choose(o.id)}
                  className="flex w-full items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 text-left transition-colors hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60 dark:border-slate-700 dark:hover:border-brand-400/60 dark:hover:bg-brand-400/10"
                >
                  <Icon icon={buildingIcon} className="size-5 shrink-0 text-slate-400" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900 dark:text-white">{o.name}</span>
                    <span className="block truncate font-mono text-xs text-slate-500 dark:text-slate-400">{o.slug}</span>
                  </span>
                  {o.id === currentId ? <Badge tone="success">{t('auth.select.current')}</Badge> : null}
                  {o.role ? <Badge tone={roleTones[o.role]}>{roleLabels[o.role]}</Badge> : null}
                  <Icon icon={arrowIcon} className="size-4 shrink-0 text-slate-400" />
                </button>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
            <Trans
              id={canBrowseAll ? 'auth.select.orCreateOrBrowse' : 'auth.select.orCreate'}
              components={{
                0: <Link href={route('organizations.create')} className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300" />,
                1: <Link href={route('organizations.index')} className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300" />,
              }}
            />
          </p>
        </>
      )}
    </>
  );
}

OrganizationSelect.layout = (page: ReactNode) => (
  <AuthLayout
    title={<Trans id="auth.select.heading" />}
    description={<Trans id="auth.select.description" />}
    footer={
      <button type="button" onClick={() => void signOut()} className="rounded font-medium underline underline-offset-4 hover:text-slate-900 dark:hover:text-white">
        <Trans id="auth.select.signOut" />
      </button>
    }
  >
    {page}
  </AuthLayout>
);
