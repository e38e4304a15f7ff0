import { Head, Link } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { LimitNotice } from '@/Components/LimitNotice';
import { Field } from '@/Components/Field';
import { FormActions } from '@/Components/FormActions';
import { PageHeader } from '@/Components/PageHeader';
import { Select } from '@/Components/Select';
import { TextInput } from '@/Components/TextInput';
import { FORM_WIDTHS } from '@/Components/layout';
import type { Role } from '@/types';
import { roleLabels } from '@/lib/roles';
import { roleDescription } from './Partials/roleDescription';
import type { MemberUsage } from './types';
import { Trans, useT } from '@/i18n';
import { useAppForm } from '@/hooks/useAppForm';
import { mailIcon } from '@/Components/icons/mail';
import { INVITATION_FIELDS, type InvitationFormValues } from '../../../../shared/member-fields';
import { route } from '../../../../shared/routes';

export interface CreateProps {
  /** Roles the signed-in user may give (owner only for owners). */
  roles: Role[];
  usage: MemberUsage;
}

export default function Create({ roles, usage }: CreateProps) {
  const form = useAppForm<InvitationFormValues>({ email: '', role: roles.includes('editor') ? 'editor' : roles[roles.length - 1] });
  const t = useT();
  const seatsUsed = usage.members + usage.pending;
  const full = usage.limit !== null && seatsUsed >= usage.limit;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('users.store'));
  };

  return (
    <>
      <Head title={t('users.create.title')} />
      <PageHeader title={t('users.create.title')} description={t('users.create.description')} back={{ href: route('users.index'), label: t('users.index.title') }} />
      <form onSubmit={submit} noValidate className={FORM_WIDTHS.form}>
        <Card
          footer={
            <FormActions>
              <Button href={route('users.index')} variant="secondary">
                {t('users.form.cancel')}
              </Button>
              <Button type="submit" icon={mailIcon} processing={form.processing}>
                {t('users.create.send')}
              </Button>
            </FormActions>
          }
        >
          {full ? (
            <LimitNotice className="mb-6">
              <Trans
                id="users.create.full"
                values={{ plan: usage.plan_name, limit: usage.limit }}
                components={{ 0: <Link href={route('subscription.edit')} className="font-medium underline underline-offset-4" /> }}
              />
            </LimitNotice>
          ) : null}
          <div className="space-y-6">
            <Field label={t('users.form.email')} required error={form.errors.email}>
              {(p) => (
                <TextInput
                  {...p}
                  type="email"
                  name="email"
                  autoComplete="off"
                  autoFocus
                  maxLength={INVITATION_FIELDS.email.max}
                  placeholder={t('users.create.emailPlaceholder')}
                  value={form.data.email}
                  onChange={(e) => form.setData('email', e.target.value)}
                />
              )}
            </Field>
            <Field label={t('users.form.role')} required error={form.errors.role} hint={roleDescription(t, form.data.role)}>
              {(p) => (
                <Select {...p} name="role" value={form.data.role} onChange={(e) => form.setData('role', e.target.value as Role)} options={roles.map((r) => ({ value: r, label: roleLabels[r] }))} />
              )}
            </Field>
          </div>
        </Card>
      </form>
    </>
  );
}
