import { Head, router } from '@inertiajs/react';
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
import { useAppForm } from '@/hooks/useAppForm';
import TwoFactorRequirement from './Partials/TwoFactorRequirement';

export interface EditProps {
  organization: OrganizationDetails;
  abilities: OrganizationAbilities;
  /** Members who could become owner (only sent to those who may transfer ownership). */
  members: { id: number; name: string; email: string; role: Role }[];
  /** Members must use two-factor sign-in (or a passkey). */
  requireTwoFactor: boolean;
}

export default function Edit({ organization, abilities, members, requireTwoFactor }: EditProps) {
  const form = useAppForm<OrganizationFormData>({
    name: organization.name,
    slug: organization.slug,
    description: organization.description ?? '',
    website: organization.website ?? '',
    public_page_enabled: organization.public_page_enabled,
  });

  return (
    <>
      <Head title={`Edit ${organization.name}`} />
      <PageHeader title="Organization settings" description={organization.name} back={{ href: `/organizations/${organization.id}`, label: organization.name }} />
      <FormColumn>
        <OrganizationForm
          form={form}
          submitLabel="Save"
          cancelHref={`/organizations/${organization.id}`}
          onSubmit={() => form.put(`/organizations/${organization.id}`, { preserveScroll: true })}
        />
        <TwoFactorRequirement organizationId={organization.id} required={requireTwoFactor} />
        {abilities.transferOwnership ? <TransferOwnership organization={organization} members={members} /> : null}
        {abilities.deleteOrganization ? <DeleteOrganization organization={organization} /> : null}
      </FormColumn>
    </>
  );
}

function TransferOwnership({ organization, members }: Pick<EditProps, 'organization' | 'members'>) {
  const form = useAppForm({ user_id: '' });
  const [confirming, setConfirming] = useState(false);
  const chosen = members.find((m) => String(m.id) === form.data.user_id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) setConfirming(true);
    else form.setError('user_id', 'Choose the member who will become an owner.');
  };

  return (
    <Card
      id="transfer-ownership"
      title="Transfer ownership"
      description={
        organization.role === 'owner'
          ? 'The member you choose becomes an owner; you become an admin. You may be asked for your password.'
          : 'The member you choose becomes an owner. You may be asked for your password.'
      }
    >
      {members.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Invite a member first: only someone who already belongs to {organization.name} can become its owner.</p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-end" noValidate>
          <Field label="New owner" error={form.errors.user_id} className="flex-1">
            {(p) => (
              <Select
                {...p}
                name="user_id"
                value={form.data.user_id}
                onChange={(e) => form.setData('user_id', e.target.value)}
                placeholder="Choose a member…"
                options={members.map((m) => ({ value: m.id, label: `${m.name} (${m.email}) – ${roleLabels[m.role]}` }))}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary" processing={form.processing}>
            Transfer ownership
          </Button>
        </form>
      )}
      <ConfirmsPassword onConfirmed={() => form.post(`/organizations/${organization.id}/transfer`, { onFinish: () => setConfirming(false) })}>
        {(confirmPassword, checking) => (
          <ConfirmDialog
            open={confirming}
            tone="primary"
            title="Transfer ownership?"
            description={chosen ? `${chosen.name} will become an owner of ${organization.name}.${organization.role === 'owner' ? ' You will become an admin.' : ''}` : undefined}
            confirmLabel="Transfer"
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
  return (
    <Card title="Delete organization" description="Its board users, insights and members will no longer be reachable. You may be asked for your password." className="border-red-200 dark:border-red-400/30">
      <ConfirmsPassword
        onConfirmed={() =>
          router.delete(`/organizations/${organization.id}`, {
            onStart: () => setProcessing(true),
            onFinish: () => setProcessing(false),
          })
        }
      >
        {(confirmPassword, checking) => (
          <>
            <Button variant="danger" icon="trash" processing={processing || checking} onClick={() => setConfirming(true)}>
              Delete organization
            </Button>
            <ConfirmDialog
              open={confirming}
              title={`Delete ${organization.name}?`}
              description={`Everyone loses access to ${organization.name}. This cannot be undone from the app.`}
              confirmLabel="Delete organization"
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
