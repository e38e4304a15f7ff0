import { Head, Link } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Field } from '@/Components/Field';
import { FormActions } from '@/Components/FormActions';
import { PageHeader } from '@/Components/PageHeader';
import { Select } from '@/Components/Select';
import { TextInput } from '@/Components/TextInput';
import { FORM_WIDTHS } from '@/Components/layout';
import type { Role } from '@/types';
import { roleLabels } from '@/lib/roles';
import { roleDescriptions, type MemberUsage } from './types';
import { useAppForm } from '@/hooks/useAppForm';

export interface CreateProps {
  /** Roles the signed-in user may give (owner only for owners). */
  roles: Role[];
  usage: MemberUsage;
}

export default function Create({ roles, usage }: CreateProps) {
  const form = useAppForm<{ email: string; role: Role }>({ email: '', role: roles.includes('editor') ? 'editor' : roles[roles.length - 1] });
  const seatsUsed = usage.members + usage.pending;
  const full = usage.limit !== null && seatsUsed >= usage.limit;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post('/users');
  };

  return (
    <>
      <Head title="Invite a member" />
      <PageHeader
        title="Invite a member"
        description="We email them a link that is valid for 7 days. New people choose a name and password; people with an account sign in."
        back={{ href: '/users', label: 'Members' }}
      />
      <form onSubmit={submit} noValidate className={FORM_WIDTHS.form}>
        <Card
          footer={
            <FormActions>
              <Button href="/users" variant="secondary">
                Cancel
              </Button>
              <Button type="submit" icon="mail" processing={form.processing}>
                Send invitation
              </Button>
            </FormActions>
          }
        >
          {full ? (
            <p role="status" className="mb-6 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200">
              Your plan ({usage.plan_name}) allows {usage.limit} members, and all seats are taken or promised to open invitations.{' '}
              <Link href="/subscription/edit" className="font-medium underline underline-offset-4">
                Upgrade to add more.
              </Link>
            </p>
          ) : null}
          <div className="space-y-6">
            <Field label="Email" required error={form.errors.email}>
              {(p) => (
                <TextInput
                  {...p}
                  type="email"
                  name="email"
                  autoComplete="off"
                  autoFocus
                  maxLength={255}
                  placeholder="colleague@example.org"
                  value={form.data.email}
                  onChange={(e) => form.setData('email', e.target.value)}
                />
              )}
            </Field>
            <Field label="Role" required error={form.errors.role} hint={roleDescriptions[form.data.role]}>
              {(p) => (
                <Select
                  {...p}
                  name="role"
                  value={form.data.role}
                  onChange={(e) => form.setData('role', e.target.value as Role)}
                  options={roles.map((r) => ({ value: r, label: roleLabels[r] }))}
                />
              )}
            </Field>
          </div>
        </Card>
      </form>
    </>
  );
}
