import { usePage } from '@inertiajs/react';
import { BulkActions, type BulkActionDefinition } from '@/Components/BulkActions';
import type { BulkSelection } from '@/Components/BulkSelection';
import type { InsightFilters } from '../types';

const insights = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'insight' : 'insights'}`;

/** The insight list's bulk actions: publish, archive, restore, delete (editors and up), export (everyone). */
export function InsightBulkActions({ selection, total, filters }: { selection: BulkSelection; total: number; filters: InsightFilters }) {
  const can = usePage().props.auth.can;
  const actions: BulkActionDefinition[] = !can.manageRecords
    ? []
    : [
        { key: 'publish', label: 'Publish', body: { action: 'publish' }, title: (n) => `Publish ${insights(n)}?`, confirmLabel: (n) => `Publish ${insights(n)}`, description: 'Insights in the trash or already published are left as they are.' },
        { key: 'archive', label: 'Archive', body: { action: 'archive' }, title: (n) => `Archive ${insights(n)}?`, confirmLabel: (n) => `Archive ${insights(n)}`, description: 'Archived insights are no longer public: their links stop working.' },
        ...(filters.trashed ? [{ key: 'restore', label: 'Restore', body: { action: 'restore' }, title: (n: number) => `Restore ${insights(n)}?`, confirmLabel: (n: number) => `Restore ${insights(n)}` }] : []),
        ...(filters.trashed !== 'only'
          ? [{ key: 'delete', label: 'Delete', icon: 'trash' as const, danger: true, body: { action: 'delete' }, title: (n: number) => `Delete ${insights(n)}?`, confirmLabel: (n: number) => `Delete ${insights(n)}`, description: 'They move to the trash and their public links stop working; you can undo this.' }]
          : []),
      ];
  return (
    <BulkActions
      selection={selection}
      total={total}
      filters={{ search: filters.search, category: filters.category ?? '', status: filters.status ?? '', trashed: filters.trashed ?? '' }}
      noun={insights}
      url="/insights/bulk"
      actions={actions}
    />
  );
}
