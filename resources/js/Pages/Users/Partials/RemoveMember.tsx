import { usePage } from '@inertiajs/react';
import { DestructiveAction } from '@/Components/DestructiveAction';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

/** Remove from the organization, as the member's page and the change-role page both offer it. */
export function RemoveMember({ member }: { member: { id: number; name: string } }) {
  const t = useT();
  const orgName = usePage().props.auth.organization?.name ?? t('users.thisOrganization');
  return (
    <DestructiveAction
      label={t('users.remove.label')}
      title={t('users.remove.title', { name: member.name })}
      description={t('users.remove.description', { name: member.name, organization: orgName })}
      url={route('users.show', { id: member.id })}
    />
  );
}
