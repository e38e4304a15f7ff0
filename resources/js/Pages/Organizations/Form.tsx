import type { InertiaFormProps } from '@inertiajs/react';
import { useState } from 'react';
import { Checkbox } from '@/Components/Checkbox';
import { Field } from '@/Components/Field';
import { FormCard } from '@/Components/FormCard';
import { TextArea } from '@/Components/TextArea';
import { TextInput } from '@/Components/TextInput';
import type { Role } from '@/types';
import { slugify as slugifyName } from '../../../../shared/slug';
import { Trans, useT } from '@/i18n';
import { ORGANIZATION_FIELDS, type OrganizationFormValues } from '../../../../shared/organization-fields';

/** What the organisation form edits (shared/organization-fields.ts). */
export type OrganizationFormData = OrganizationFormValues & { [key: string]: string | boolean };

/** An organisation as the Show and Edit pages receive it. */
export interface OrganizationDetails {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  website: string | null;
  public_page_enabled: boolean;
  created_at: string;
  members_count: number;
  role: Role | null;
  plan: 'free' | 'team' | 'business' | null;
  subscription_status: string | null;
  trial_ends_at: string | null;
  is_current: boolean;
  /** The version an edit form carries (optimistic concurrency). */
  version: string;
}

/** What the signed-in user may do in this organisation (not necessarily the current one). */
export interface OrganizationAbilities {
  read: boolean;
  manageRecords: boolean;
  viewActivity: boolean;
  manageMembers: boolean;
  manageOrganization: boolean;
  manageSubscription: boolean;
  deleteOrganization: boolean;
  transferOwnership: boolean;
  leave: boolean;
}

/** "Acme & Co." → "acme-co": what the server would derive, shown as the slug's suggestion. */
export const slugify = (name: string) => slugifyName(name, 50);

export interface OrganizationFormProps {
  form: InertiaFormProps<OrganizationFormData>;
  submitLabel: string;
  onSubmit: () => void;
  cancelHref: string;
  /** Creating: the slug follows the name until edited, and the public page switch is hidden. */
  creating?: boolean;
}

/** The organisation's fields, shared by Create and Edit. */
export default function OrganizationForm({ form, submitLabel, onSubmit, cancelHref, creating = false }: OrganizationFormProps) {
  const [slugTouched, setSlugTouched] = useState(!creating);
  const errors = form.errors as Record<string, string | undefined>;
  const t = useT();

  return (
    <FormCard onSubmit={onSubmit} submitLabel={submitLabel} cancelHref={cancelHref} processing={form.processing}>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label={t('organizations.form.fields.name')} required error={errors.name} className="sm:col-span-2">
          {(p) => (
            <TextInput
              {...p}
              name="name"
              value={form.data.name}
              maxLength={ORGANIZATION_FIELDS.name.max}
              autoComplete="organization"
              autoFocus={creating}
              onChange={(e) => {
                const name = e.target.value;
                form.setData((data) => ({ ...data, name, slug: slugTouched ? data.slug : slugify(name) }));
              }}
            />
          )}
        </Field>
        <Field
          label={t('organizations.form.fields.slug')}
          required={!creating}
          error={errors.slug}
          hint={
            <Trans
              id="organizations.form.slugHint"
              values={{ slug: form.data.slug || t('organizations.form.slugExample') }}
              components={{ 0: <code className="font-mono" />, 1: <code className="font-mono" /> }}
            />
          }
          className="sm:col-span-2"
        >
          {(p) => (
            <TextInput
              {...p}
              name="slug"
              value={form.data.slug}
              maxLength={ORGANIZATION_FIELDS.slug.max}
              autoComplete="off"
              spellCheck={false}
              pattern="[a-z0-9][a-z0-9-]{1,48}[a-z0-9]"
              className="font-mono"
              onChange={(e) => {
                setSlugTouched(true);
                form.setData('slug', e.target.value.toLowerCase());
              }}
            />
          )}
        </Field>
        <Field label={t('organizations.form.fields.website')} optional error={errors.website} className="sm:col-span-2">
          {(p) => (
            <TextInput
              {...p}
              type="url"
              name="website"
              inputMode="url"
              placeholder={t('organizations.form.websitePlaceholder')}
              value={form.data.website}
              maxLength={ORGANIZATION_FIELDS.website.max}
              onChange={(e) => form.setData('website', e.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('organizations.form.fields.description')}
          optional
          error={errors.description}
          hint={`${form.data.description.length} / ${ORGANIZATION_FIELDS.description.max}`}
          className="sm:col-span-2"
        >
          {(p) => (
            <TextArea {...p} name="description" rows={4} value={form.data.description} maxLength={ORGANIZATION_FIELDS.description.max} onChange={(e) => form.setData('description', e.target.value)} />
          )}
        </Field>
        {!creating ? (
          <Checkbox
            className="sm:col-span-2"
            name="public_page_enabled"
            label={t('organizations.form.fields.publicPage')}
            hint={t('organizations.form.publicPageHint')}
            checked={form.data.public_page_enabled}
            error={errors.public_page_enabled}
            onChange={(e) => form.setData('public_page_enabled', e.target.checked)}
          />
        ) : null}
      </div>
    </FormCard>
  );
}
