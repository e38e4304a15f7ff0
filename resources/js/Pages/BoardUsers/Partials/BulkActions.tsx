import { usePage } from '@inertiajs/react';
import { BulkActions, type BulkActionDefinition } from '@/Components/BulkActions';
import type { BulkSelection } from '@/Components/BulkSelection';
import type { BoardUserFilters } from '../types';

export const people = (n: number) => `${n.toLocaleString('en-US')} board ${n === 1 ? 'user' : 'users'}`;

const status = (value: 'active' | 'inactive'): BulkActionDefinition => ({
  key: value,
  label: value === 'active' ? 'Set active' : 'Set inactive',
  body: { action: 'status', status: value },
  title: (n) => `Set ${people(n)} to ${value}?`,
  confirmLabel: () => (value === 'active' ? 'Set active' : 'Set inactive'),
  description: 'Records already so are left as they are.',
});

/** The board-user list's bulk actions: status, tags, restore, delete (editors and up), export (everyone). */
export function BoardUserBulkActions({ selection, total, filters }: { selection: BulkSelection; total: number; filters: BoardUserFilters }) {
  const can = usePage().props.auth.can;
  const actions: BulkActionDefinition[] = !can.manageRecords
    ? []
    : [
        status('active'),
        status('inactive'),
        { key: 'add_tag', label: 'Add tag', body: { action: 'add_tag' }, withTag: true, title: (n) => `Add a tag to ${people(n)}`, confirmLabel: () => 'Add tag' },
        { key: 'remove_tag', label: 'Remove tag', body: { action: 'remove_tag' }, withTag: true, title: (n) => `Remove a tag from ${people(n)}`, confirmLabel: () => 'Remove tag' },
        ...(filters.trashed ? [{ key: 'restore', label: 'Restore', body: { action: 'restore' }, title: (n: number) => `Restore ${people(n)}?`, confirmLabel: (n: number) => `Restore ${people(n)}` }] : []),
        ...(filters.trashed !== 'only'
          ? [{ key: 'delete', label: 'Delete', icon: 'trash' as const, danger: true, body: { action: 'delete' }, title: (n: number) => `Delete ${people(n)}?`, confirmLabel: (n: number) => `Delete ${people(n)}`, description: 'They move to the trash; you can undo this or restore them later.' }]
          : []),
      ];
  return (
    <BulkActions
      selection={selection}
      total={total}
      filters={{ search: filters.search, status: filters.status ?? '', trashed: filters.trashed ?? '' }}
      noun={people}
      url="/board-users/bulk"
      actions={actions}
    />
  );
}
