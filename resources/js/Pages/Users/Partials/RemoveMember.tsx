import { usePage } from '@inertiajs/react';
import { DestructiveAction } from '@/Components/DestructiveAction';

/** Remove from the organization, as the member's page and the change-role page both offer it. */
export function RemoveMember({ member }: { member: { id: number; name: string } }) {
  const orgName = usePage().props.auth.organization?.name ?? 'this organization';
  return <DestructiveAction label="Remove" title={`Remove ${member.name}?`} description={`${member.name} will lose access to ${orgName}.`} url={`/users/${member.id}`} />;
}
