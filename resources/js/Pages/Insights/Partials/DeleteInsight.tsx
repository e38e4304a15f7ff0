import { DestructiveAction } from '@/Components/DestructiveAction';

/** Delete (to the trash), as the Show and Edit pages both offer it. */
export function DeleteInsight({ id, shared }: { id: number; shared: boolean }) {
  return (
    <DestructiveAction
      label="Delete"
      title="Delete this insight?"
      description={shared ? 'It moves to the trash and its public link stops working.' : 'It moves to the trash, where you can restore it.'}
      url={`/insights/${id}`}
    />
  );
}
