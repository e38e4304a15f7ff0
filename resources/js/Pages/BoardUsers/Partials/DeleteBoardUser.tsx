import { DestructiveAction } from '@/Components/DestructiveAction';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

/** Delete (to the trash), as the Show and Edit pages both offer it. */
export function DeleteBoardUser({ id, name }: { id: number; name: string }) {
  const t = useT();
  return (
    <DestructiveAction label={t('boardUsers.delete.label')} title={t('boardUsers.delete.title', { name })} description={t('boardUsers.delete.description')} url={route('board-users.show', { id })} />
  );
}
