import { Head, Link, router } from '@inertiajs/react';
import { useMemo, type FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Checkbox } from '@/Components/Checkbox';
import { cx } from '@/Components/cx';
import { Field } from '@/Components/Field';
import { FormActions } from '@/Components/FormActions';
import { FormColumn } from '@/Components/FormColumn';
import { Icon, type IconGlyph } from '@/Components/Icon';
import { moonIcon } from '@/Components/icons/moon';
import { sunIcon } from '@/Components/icons/sun';
import { PageHeader } from '@/Components/PageHeader';
import { Select } from '@/Components/Select';
import { useTheme } from '@/hooks/useTheme';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import type { Theme } from '@/lib/theme';
import { useAppForm } from '@/hooks/useAppForm';
import { useConflict } from '@/hooks/useConflict';
import { useLiveReload } from '@/hooks/useRealtime';
import { ConflictNotice } from '@/Components/ConflictNotice';
import { Trans, useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface SettingsProps {
  /** `version`: what the form was opened on (a save after another tab changed these is a conflict). */
  preferences: { locale: string; timezone: string; version: string };
  locales: { value: string; label: string }[];
  /** The current organisation, for those who manage it. */
  organization: { id: number; name: string; slug: string; public_page_enabled: boolean; version: string; public_url: string } | null;
}

/** IANA zones the browser knows, UTC first, the saved one always included. */
function timeZones(saved: string): string[] {
  let zones: string[] = [];
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  const all = new Set(['UTC', ...zones]);
  if (saved) all.add(saved);
  return ['UTC', ...[...all].filter((z) => z !== 'UTC').sort()];
}

export default function SettingsIndex({ preferences, locales, organization }: SettingsProps) {
  const t = useT();
  return (
    <>
      <Head title={t('settings.title')} />
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <FormColumn>
        <AppearanceCard />
        <RegionCard preferences={preferences} locales={locales} />
        {organization ? <OrganizationCard organization={organization} /> : null}
      </FormColumn>
    </>
  );
}

function AppearanceCard() {
  const [theme, setTheme] = useTheme();
  const t = useT();
  const options: { value: Theme; label: string; icon: IconGlyph; hint: string }[] = [
    { value: 'light', label: t('settings.appearance.light'), icon: sunIcon, hint: t('settings.appearance.lightHint') },
    { value: 'dark', label: t('settings.appearance.dark'), icon: moonIcon, hint: t('settings.appearance.darkHint') },
  ];
  return (
    <Card title={t('settings.appearance.title')} description={t('settings.appearance.description')}>
      <fieldset>
        <legend className="sr-only">{t('settings.appearance.theme')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {options.map((o) => {
            const selected = theme === o.value;
            return (
              <label
                key={o.value}
                className={cx(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                  selected ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500 dark:border-brand-400 dark:bg-brand-400/10 dark:ring-brand-400' : 'border-slate-200 dark:border-slate-700',
                )}
              >
                <input type="radio" name="theme" value={o.value} checked={selected} onChange={() => setTheme(o.value)} className="mt-1 size-4 accent-brand-500" />
                <span>
                  <span className="flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                    <Icon icon={o.icon} className="size-4" />
                    {o.label}
                  </span>
                  <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{o.hint}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </Card>
  );
}

function RegionCard({ preferences, locales }: Pick<SettingsProps, 'preferences' | 'locales'>) {
  const t = useT();
  const current = { locale: preferences.locale, timezone: preferences.timezone, version: preferences.version };
  const form = useAppForm(current);
  const conflict = useConflict(form, current);
  const zones = useMemo(() => timeZones(preferences.timezone), [preferences.timezone]);
  const sample = useMemo(() => {
    const options = { locale: form.data.locale, timeZone: form.data.timezone };
    return {
      // The one date-and-time format every page uses (lib/format), as it will look.
      date: formatDateTime(new Date(), options),
      number: formatNumber(1234567.89, options),
      money: formatMoney(2900, 'USD', form.data.locale),
    };
  }, [form.data.locale, form.data.timezone]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.patch(route('settings.update'), {
      preserveScroll: true,
      onSuccess: () => {
        form.setDefaults();
        // Pages prefetched before carry the old language: the next visit asks again.
        router.flushAll();
      },
    });
  };

  return (
    <Card title={t('settings.region.title')} description={t('settings.region.description')}>
      <ConflictNotice
        {...conflict}
        onChoose={conflict.choose}
        onChooseAll={conflict.chooseAll}
        label={(key) => (key === 'locale' ? t('settings.region.locale') : t('settings.region.timezone'))}
        show={(key, value) => (key === 'locale' ? (locales.find((l) => l.value === value)?.label ?? String(value)) : String(value ?? ''))}
      />
      <form onSubmit={submit} className="space-y-5" noValidate>
        {/* One choice a line, each select as wide as its longest choice ("United Kingdom (English): 23/11/2026 · 1,234,567.89"), never cut off. */}
        <div className="grid gap-5">
          <Field label={t('settings.region.locale')} hint={t('settings.region.localeHint')} error={form.errors.locale}>
            {(props) => <Select {...props} name="locale" value={form.data.locale} onChange={(e) => form.setData('locale', e.target.value)} options={locales} className="max-w-full sm:w-auto" />}
          </Field>
          <Field label={t('settings.region.timezone')} error={form.errors.timezone}>
            {(props) => (
              <Select {...props} name="timezone" value={form.data.timezone} onChange={(e) => form.setData('timezone', e.target.value)} className="max-w-full sm:w-auto sm:min-w-64">
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z.replaceAll('_', ' ')}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm dark:bg-slate-800/60" aria-live="polite">
          <p className="font-medium text-slate-800 dark:text-slate-100">{t('settings.region.preview')}</p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{sample.date}</p>
          <p className="text-slate-700 dark:text-slate-300">
            {sample.number} · {sample.money}
          </p>
        </div>
        <FormActions>
          <Button type="submit" processing={form.processing} disabled={!form.isDirty}>
            {t('settings.save')}
          </Button>
        </FormActions>
      </form>
    </Card>
  );
}

function OrganizationCard({ organization }: { organization: NonNullable<SettingsProps['organization']> }) {
  const t = useT();
  const current = { public_page_enabled: organization.public_page_enabled, version: organization.version };
  const form = useAppForm(current);
  const conflict = useConflict(form, current);
  useLiveReload(['ActivityLogged'], ['organization'], {
    when: (entry) => entry.subject_type === 'organization' && entry.subject_id === organization.id,
    // Deleted: the account channel's OrganizationDeleted takes the user away.
    gone: (entry) => entry.event === 'deleted',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.patch(route('settings.update'), { preserveScroll: true, onSuccess: () => form.setDefaults() });
  };
  return (
    <Card title={`${organization.name}`} description={t('settings.organization.description')}>
      <ConflictNotice
        {...conflict}
        onChoose={conflict.choose}
        onChooseAll={conflict.chooseAll}
        label={() => t('settings.organization.publicPage')}
        show={(_key, value) => (value ? t('settings.organization.on') : t('settings.organization.off'))}
      />
      <form onSubmit={submit} className="space-y-5" noValidate>
        <Checkbox
          name="public_page_enabled"
          label={t('settings.organization.publicPage')}
          checked={form.data.public_page_enabled}
          onChange={(e) => form.setData('public_page_enabled', e.target.checked)}
          error={form.errors.public_page_enabled}
          hint={
            <Trans
              id="settings.organization.publicPageHint"
              values={{ url: organization.public_url }}
              components={{
                0: <Link href={route('public-insights.index', { orgSlug: organization.slug })} className="font-medium break-all text-brand-700 underline underline-offset-4 dark:text-brand-300" />,
              }}
            />
          }
        />
        <FormActions>
          <Button type="submit" processing={form.processing} disabled={!form.isDirty}>
            {t('settings.save')}
          </Button>
        </FormActions>
      </form>
    </Card>
  );
}
