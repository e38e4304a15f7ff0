import { Head, router, type InertiaFormProps } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { ConfirmsPassword } from '@/Components/ConfirmsPassword';
import { Field } from '@/Components/Field';
import { FormColumn } from '@/Components/FormColumn';
import { PageHeader } from '@/Components/PageHeader';
import { Select } from '@/Components/Select';
import type { Role } from '@/types';
import { roleLabels } from '@/lib/roles';
import OrganizationForm, { type OrganizationAbilities, type OrganizationDetails, type OrganizationFormData } from './Form';
import { ConflictNotice } from '@/Components/ConflictNotice';
import { useAppForm } from '@/hooks/useAppForm';
import { useConflict } from '@/hooks/useConflict';
import { useLiveReload } from '@/hooks/useRealtime';
import TwoFactorRequirement from './Partials/TwoFactorRequirement';
import ReadReceipts from './Partials/ReadReceipts';
import ApiTokensLink from './Partials/ApiTokensLink';
import { useT } from '@/i18n';
import { trashIcon } from '@/Components/icons/trash';
import { route } from '../../../../shared/routes';

export interface EditProps {
  organization: OrganizationDetails;
  abilities: OrganizationAbilities;
  /** Members who could become owner (only sent to those who may transfer ownership). */
  members: { id: number; name: string; email: string; role: Role }[];
  /** Members must use two-factor sign-in (or a passkey). */
  requireTwoFactor: boolean;
  /** Staff see board members' names with their reads (the portal tells board members so). */
  namedReadReceipts: boolean;
}

export default function Edit({ organization, abilities, members, requireTwoFactor, namedReadReceipts }: EditProps) {
  const t = useT();
  const current = {
    name: organization.name,
    slug: organization.slug,
    description: organization.description ?? '',
    website: organization.website ?? '',
    public_page_enabled: organization.public_page_enabled,
    version: organization.version,
  };
  const form = useAppForm<OrganizationFormData & { version: string }>(current);
  const conflict = useConflict(form, current);
  // A colleague's save arrives live: the form shows what they changed (useConflict), before any save.
  useLiveReload(['ActivityLogged'], ['organization', 'requireTwoFactor', 'namedReadReceipts'], {
    when: (entry) => entry.subject_type === 'organization' && entry.subject_id === organization.id,
    // Deleted: the account channel's OrganizationDeleted takes the user away.
    gone: (entry) => entry.event === 'deleted',
  });

  return (
    <>
      <Head title={t('organizations.edit.headTitle', { name: organization.name })} />
      <PageHeader title={t('organizations.edit.title')} description={organization.name} back={{ href: route('organizations.show', { id: organization.id }), label: organization.name }} />
      <FormColumn>
        <ConflictNotice
          {...conflict}
          onChoose={conflict.choose}
          onChooseAll={conflict.chooseAll}
          label={(key) => t(`organizations.form.fields.${key === 'public_page_enabled' ? 'publicPage' : key}`)}
          show={(_key, value) => (typeof value === 'boolean' ? t(value ? 'common.conflict.on' : 'common.conflict.off') : String(value ?? ''))}
        />
        <OrganizationForm
          form={form as unknown as InertiaFormProps<OrganizationFormData>}
          submitLabel={t('organizations.edit.submit')}
          cancelHref={route('organizations.show', { id: organization.id })}
          onSubmit={() => form.put(route('organizations.update', { id: organization.id }), { preserveScroll: true })}
        />
        <TwoFactorRequirement organizationId={organization.id} required={requireTwoFactor} />
        <ReadReceipts organizationId={organization.id} named={namedReadReceipts} />
        <Card title={t('organizations.webhooks.title')} description={t('organizations.webhooks.manageDescription')}>
          <Button href={route('webhooks.index', { id: organization.id })} variant="secondary">
            {t('organizations.webhooks.manage')}
          </Button>
        </Card>
        <ApiTokensLink organizationId={organization.id} />
        {abilities.transferOwnership ? <TransferOwnership organization={organization} members={members} /> : null}
        {abilities.deleteOrganization ? <DeleteOrganization organization={organization} /> : null}
      </FormColumn>
    </>
  );
}

function TransferOwnership({ organization, members }: Pick<EditProps, 'organization' | 'members'>) {
  const t = useT();
  const form = useAppForm({ user_id: '' });
  const [confirming, setConfirming] = useState(false);
  const chosen = members.find((m) => String(m.id) === form.data.user_id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) setConfirming(true);
    else form.setError('user_id', t('organizations.transfer.chooseError'));
  };

  return (
    <Card
      id="transfer-ownership"
      title={t('organizations.transfer.title')}
      description={organization.role === 'owner' ? t('organizations.transfer.descriptionOwner') : t('organizations.transfer.description')}
    >
      {members.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('organizations.transfer.noMembers', { name: organization.name })}</p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-end" noValidate>
          <Field label={t('organizations.transfer.newOwner')} error={form.errors.user_id} className="flex-1">
            {(p) => (
              <Select
                {...p}
                name="user_id"
                value={form.data.user_id}
                onChange={(e) => form.setData('user_id', e.target.value)}
                placeholder={t('organizations.transfer.placeholder')}
                options={members.map((m) => ({ value: m.id, label: `${m.name} (${m.email}) – ${roleLabels[m.role]}` }))}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary" processing={form.processing}>
            {t('organizations.transfer.submit')}
          </Button>
        </form>
      )}
      <ConfirmsPassword onConfirmed={() => form.post(route('organizations.transfer', { id: organization.id }), { onFinish: () => setConfirming(false) })}>
        {(confirmPassword, checking) => (
          <ConfirmDialog
            open={confirming}
            tone="primary"
            title={t('organizations.transfer.dialogTitle')}
            description={
              chosen
                ? organization.role === 'owner'
                  ? t('organizations.transfer.dialogDescriptionOwner', { member: chosen.name, name: organization.name })
                  : t('organizations.transfer.dialogDescription', { member: chosen.name, name: organization.name })
                : undefined
            }
            confirmLabel={t('organizations.transfer.confirm')}
            processing={form.processing || checking}
            onClose={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              confirmPassword();
            }}
          />
        )}
      </ConfirmsPassword>
    </Card>
  );
}

function DeleteOrganization({ organization }: Pick<EditProps, 'organization'>) {
  const [confirming, setConfirming] = useState(false);
  const [processing, setProcessing] = useState(false);
  const t = useT();
  return (
    <Card title={t('organizations.delete.title')} description={t('organizations.delete.description')} className="border-red-200 dark:border-red-400/30">
      <ConfirmsPassword
        onConfirmed={() =>
          router.delete(route('organizations.destroy', { id: organization.id }), {
            onStart: () => setProcessing(true),
            onFinish: () => setProcessing(false),
          })
        }
      >
        {(confirmPassword, checking) => (
          <>
            <Button variant="danger" icon={trashIcon} processing={processing || checking} onClick={() => setConfirming(true)}>
              {t('organizations.delete.button')}
            </Button>
            <ConfirmDialog
              open={confirming}
              title={t('organizations.delete.dialogTitle', { name: organization.name })}
              description={t('organizations.delete.dialogDescription', { name: organization.name })}
              confirmLabel={t('organizations.delete.confirm')}
              onClose={() => setConfirming(false)}
              onConfirm={() => {
                setConfirming(false);
                confirmPassword();
              }}
            />
          </>
        )}
      </ConfirmsPassword>
    </Card>
  );
}
