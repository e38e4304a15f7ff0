import { Head, router, useForm } from '@inertiajs/react';
import { useState } from 'react';
import { Button } from '@/Components/Button';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { PageHeader } from '@/Components/PageHeader';
import BoardUserForm from './Form';
import TrashedBanner from '@/Components/TrashedBanner';
import { fullName, splitTags, type BoardUserFormData, type BoardUserStatus } from './types';

export interface EditProps {
  boardUser: Omit<BoardUserFormData, 'tags'> & { id: number; tags: string[]; deleted_at: string | null };
  statuses: BoardUserStatus[];
}

export default function Edit({ boardUser, statuses }: EditProps) {
  const { id, deleted_at, tags, ...values } = boardUser;
  const form = useForm<BoardUserFormData>({ ...(values as Omit<BoardUserFormData, 'tags'>), tags: tags.join(', ') });
  form.transform((data) => ({ ...data, tags: splitTags(data.tags) }) as unknown as BoardUserFormData);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = fullName(boardUser);

  return (
    <>
      <Head title={`Edit ${name}`} />
      <PageHeader title={`Edit ${name}`} back={{ href: `/board-users/${id}`, label: name }} />
      {deleted_at ? <TrashedBanner what="board user" restoreUrl={`/board-users/${id}/restore`} canRestore /> : null}
      <BoardUserForm
        form={form}
        statuses={statuses}
        submitLabel="Save changes"
        cancelHref={`/board-users/${id}`}
        onSubmit={() => form.put(`/board-users/${id}`, { preserveScroll: true })}
        secondaryActions={
          deleted_at ? null : (
            <Button variant="ghost" icon="trash" className="text-red-700 dark:text-red-300" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )
        }
      />
      <ConfirmDialog
        open={confirming}
        title={`Delete ${name}?`}
        description="They move to the trash, where you can restore them later. Their links to insights are kept."
        confirmLabel="Delete"
        processing={deleting}
        onClose={() => setConfirming(false)}
        onConfirm={() => router.delete(`/board-users/${id}`, { onStart: () => setDeleting(true), onFinish: () => { setDeleting(false); setConfirming(false); } })}
      />
    </>
  );
}
