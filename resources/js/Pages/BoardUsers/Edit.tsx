import { Head } from '@inertiajs/react';
import { PageHeader } from '@/Components/PageHeader';
import TrashedBanner from '@/Components/TrashedBanner';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';
import BoardUserForm from './Form';
import { DeleteBoardUser } from './Partials/DeleteBoardUser';
import { fullName, joinTags, splitTags, type BoardUserFormData, type BoardUserStatus } from './types';

export interface EditProps {
  boardUser: Omit<BoardUserFormData, 'tags'> & { id: number; tags: string[]; deleted_at: string | null };
  statuses: BoardUserStatus[];
}

export default function Edit({ boardUser, statuses }: EditProps) {
  const t = useT();
  const { id, deleted_at, tags, ...values } = boardUser;
  const form = useAppForm<BoardUserFormData>({ ...(values as Omit<BoardUserFormData, 'tags'>), tags: joinTags(tags) });
  form.transform((data) => ({ ...data, tags: splitTags(data.tags) }) as unknown as BoardUserFormData);
  const name = fullName(boardUser);

  return (
    <>
      <Head title={t('boardUsers.edit.title', { name })} />
      <PageHeader title={t('boardUsers.edit.title', { name })} back={{ href: `/board-users/${id}`, label: name }} actions={deleted_at ? null : <DeleteBoardUser id={id} name={name} />} />
      {deleted_at ? <TrashedBanner what={t('boardUsers.trashedWhat')} restoreUrl={`/board-users/${id}/restore`} canRestore /> : null}
      <BoardUserForm form={form} statuses={statuses} submitLabel={t('boardUsers.edit.submit')} cancelHref={`/board-users/${id}`} onSubmit={() => form.put(`/board-users/${id}`, { preserveScroll: true })} />
    </>
  );
}
