import { Head, Link, router } from '@inertiajs/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { cx } from '@/Components/cx';
import { Field } from '@/Components/Field';
import { FormActions } from '@/Components/FormActions';
import { FormColumn } from '@/Components/FormColumn';
import { PageHeader } from '@/Components/PageHeader';
import { Select } from '@/Components/Select';
import { PortalLayout } from '@/Layouts/PortalLayout';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';
import type { Locale } from '../../../../shared/i18n';
import type { PortalDelivery } from '../../../../shared/portal';
import { route } from '../../../../shared/routes';
import { PortalPasskeys, type PortalPasskey } from './Partials/PortalPasskeys';

export interface PortalSettingsProps {
  settings: { delivery: PortalDelivery; locale: Locale };
  deliveries: PortalDelivery[];
  locales: { value: Locale; label: string }[];
  /** The member's organisations whose staff see who read an insight (named read receipts on). */
  named_read_receipts: { id: number; name: string }[];
  passkeys: PortalPasskey[];
}

export default function PortalSettings({ settings, deliveries, locales, named_read_receipts, passkeys }: PortalSettingsProps) {
  const t = useT();
  const form = useAppForm({ delivery: settings.delivery, locale: settings.locale });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.patch(route('portal.settings.update'), {
      preserveScroll: true,
      onSuccess: () => {
        form.setDefaults();
        // Pages prefetched before carry the old language: the next visit asks again.
        router.flushAll();
      },
    });
  };
  const organizations = named_read_receipts.map((o) => o.name);

  return (
    <>
      <Head title={t('portal.settings.title')} />
      <PageHeader title={t('portal.settings.title')} description={t('portal.settings.description')} />
      <FormColumn>
        {organizations.length ? (
          <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100">
            <p className="font-medium">{t('portal.settings.receipts.title')}</p>
            <p className="mt-1">{t('portal.settings.receipts.body', { organizations: new Intl.ListFormat(settings.locale, { type: 'conjunction' }).format(organizations) })}</p>
          </div>
        ) : null}
        <form onSubmit={submit} className="space-y-6" noValidate>
          <Card title={t('portal.settings.delivery.title')} description={t('portal.settings.delivery.description')}>
            <fieldset aria-describedby={form.errors.delivery ? 'delivery-error' : undefined}>
              <legend className="sr-only">{t('portal.settings.delivery.legend')}</legend>
              <div className="grid gap-3">
                {deliveries.map((value) => {
                  const selected = form.data.delivery === value;
                  return (
                    <label
                      key={value}
                      className={cx(
                        'flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                        selected ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500 dark:border-brand-400 dark:bg-brand-400/10 dark:ring-brand-400' : 'border-slate-200 dark:border-slate-700',
                      )}
                    >
                      <input type="radio" name="delivery" value={value} checked={selected} onChange={() => form.setData('delivery', value)} className="mt-1 size-4 shrink-0 accent-brand-500" />
                      <span>
                        <span className="block text-sm font-medium text-slate-900 dark:text-white">{t(`portal.settings.delivery.${value}.label`)}</span>
                        <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{t(`portal.settings.delivery.${value}.hint`)}</span>
                      </span>
                    </label>
                  );
                })}
              </div>
              {form.errors.delivery ? (
                <p id="delivery-error" className="mt-2 text-sm text-red-700 dark:text-red-400">
                  {form.errors.delivery}
                </p>
              ) : null}
            </fieldset>
          </Card>
          <Card title={t('portal.settings.language.title')} description={t('portal.settings.language.description')}>
            <Field label={t('portal.settings.language.label')} error={form.errors.locale}>
              {(props) => (
                <Select {...props} name="locale" value={form.data.locale} onChange={(e) => form.setData('locale', e.target.value as Locale)} options={locales} className="max-w-full sm:w-auto" />
              )}
            </Field>
          </Card>
          <FormActions>
            <Button type="submit" processing={form.processing} disabled={!form.isDirty}>
              {t('portal.settings.save')}
            </Button>
          </FormActions>
        </form>
        <PortalPasskeys passkeys={passkeys} />
        <p>
          <Link href={route('portal.index')} className="text-sm font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300">
            {t('portal.settings.back')}
          </Link>
        </p>
      </FormColumn>
    </>
  );
}

PortalSettings.layout = (page: ReactNode) => <PortalLayout>{page}</PortalLayout>;
