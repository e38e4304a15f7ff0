import { DestructiveAction } from '@/Components/DestructiveAction';

/** Delete (to the trash), as the Show and Edit pages both offer it. */
export function DeleteBoardUser({ id, name }: { id: number; name: string }) {
  return (
    <DestructiveAction
      label="Delete"
      title={`Delete ${name}?`}
      description="They move to the trash, where you can restore them later. Their links to insights are kept."
      url={`/board-users/${id}`}
    />
  );
}
