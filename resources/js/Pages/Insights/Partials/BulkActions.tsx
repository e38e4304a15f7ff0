import { usePage } from '@inertiajs/react';
import { BulkActions, type BulkActionDefinition } from '@/Components/BulkActions';
import type { BulkSelection } from '@/Components/BulkSelection';
import type { InsightFilters } from '../types';
import { useT } from '@/i18n';
import { trashIcon } from '@/Components/icons/trash';
import { route } from '../../../../../shared/routes';

/** The insight list's bulk actions: publish, archive, restore, delete (editors and up), export (everyone). */
export function InsightBulkActions({ selection, total, filters }: { selection: BulkSelection; total: number; filters: InsightFilters }) {
  const can = usePage().props.auth.can;
  const t = useT();
  const insights = (count: number) => t('insights.bulk.noun', { count });
  const actions: BulkActionDefinition[] = !can.manageRecords
    ? []
    : [
        {
          key: 'publish',
          label: t('insights.bulk.publish.label'),
          body: { action: 'publish' },
          title: (count) => t('insights.bulk.publish.title', { count }),
          confirmLabel: (count) => t('insights.bulk.publish.confirm', { count }),
          description: t('insights.bulk.publish.description'),
        },
        {
          key: 'archive',
          label: t('insights.bulk.archive.label'),
          body: { action: 'archive' },
          title: (count) => t('insights.bulk.archive.title', { count }),
          confirmLabel: (count) => t('insights.bulk.archive.confirm', { count }),
          description: t('insights.bulk.archive.description'),
        },
        ...(filters.trashed
          ? [
              {
                key: 'restore',
                label: t('insights.bulk.restore.label'),
                body: { action: 'restore' },
                title: (count: number) => t('insights.bulk.restore.title', { count }),
                confirmLabel: (count: number) => t('insights.bulk.restore.confirm', { count }),
              },
            ]
          : []),
        ...(filters.trashed !== 'only'
          ? [
              {
                key: 'delete',
                label: t('insights.bulk.delete.label'),
                icon: trashIcon,
                danger: true,
                body: { action: 'delete' },
                title: (count: number) => t('insights.bulk.delete.title', { count }),
                confirmLabel: (count: number) => t('insights.bulk.delete.confirm', { count }),
                description: t('insights.bulk.delete.description'),
              },
            ]
          : []),
      ];
  return (
    <BulkActions
      selection={selection}
      total={total}
      filters={{ search: filters.search, category: filters.category ?? '', status: filters.status ?? '', trashed: filters.trashed ?? '' }}
      noun={insights}
      url={route('insights.bulk')}
      actions={actions}
    />
  );
}
