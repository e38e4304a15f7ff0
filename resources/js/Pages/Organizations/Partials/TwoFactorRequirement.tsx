import type { FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Checkbox } from '@/Components/Checkbox';
import { useAppForm } from '@/hooks/useAppForm';

/** Admins: members must turn on two-factor sign-in (or add a passkey) before anything else here. */
export default function TwoFactorRequirement({ organizationId, required }: { organizationId: number; required: boolean }) {
  const form = useAppForm({ require_two_factor: required });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.put(`/organizations/${organizationId}/two-factor-requirement`, { preserveScroll: true });
  };
  return (
    <Card title="Sign-in security" description="Board data is sensitive: you can require every member to sign in with two factors.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Checkbox
          label="Require two-factor sign-in for members"
          hint="Members without it are sent to set it up (an authenticator app or a passkey) before they can open anything in this organization."
          checked={form.data.require_two_factor}
          error={(form.errors as Record<string, string | undefined>).require_two_factor}
          onChange={(e) => form.setData('require_two_factor', e.target.checked)}
        />
        <div className="flex justify-end">
          <Button type="submit" processing={form.processing} disabled={!form.isDirty}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
