import { usePage } from '@inertiajs/react';
import { BulkActions, type BulkActionDefinition } from '@/Components/BulkActions';
import type { BulkSelection } from '@/Components/BulkSelection';
import { useT, type Translate } from '@/i18n';
import { filterTags, type BoardUserFilters } from '../types';
import { trashIcon } from '@/Components/icons/trash';
import { route } from '../../../../../shared/routes';

const status = (t: Translate, value: 'active' | 'inactive'): BulkActionDefinition => {
  const label = value === 'active' ? t('boardUsers.bulk.setActive') : t('boardUsers.bulk.setInactive');
  return {
    key: value,
    label,
    body: { action: 'status', status: value },
    title: (count) => (value === 'active' ? t('boardUsers.bulk.activeTitle', { count }) : t('boardUsers.bulk.inactiveTitle', { count })),
    confirmLabel: () => label,
    description: t('boardUsers.bulk.statusDescription'),
  };
};

/** The board-user list's bulk actions: status, tags, restore, delete (editors and up), export (everyone). */
export function BoardUserBulkActions({ selection, total, filters }: { selection: BulkSelection; total: number; filters: BoardUserFilters }) {
  const can = usePage().props.auth.can;
  const t = useT();
  const actions: BulkActionDefinition[] = !can.manageRecords
    ? []
    : [
        status(t, 'active'),
        status(t, 'inactive'),
        {
          key: 'add_tag',
          label: t('boardUsers.bulk.addTag'),
          body: { action: 'add_tag' },
          withTag: true,
          title: (count) => t('boardUsers.bulk.addTagTitle', { count }),
          confirmLabel: () => t('boardUsers.bulk.addTag'),
        },
        {
          key: 'remove_tag',
          label: t('boardUsers.bulk.removeTag'),
          body: { action: 'remove_tag' },
          withTag: true,
          title: (count) => t('boardUsers.bulk.removeTagTitle', { count }),
          confirmLabel: () => t('boardUsers.bulk.removeTag'),
        },
        ...(filters.trashed
          ? [
              {
                key: 'restore',
                label: t('boardUsers.bulk.restore'),
                body: { action: 'restore' },
                title: (count: number) => t('boardUsers.bulk.restoreTitle', { count }),
                confirmLabel: (count: number) => t('boardUsers.bulk.restoreConfirm', { count }),
              },
            ]
          : []),
        ...(filters.trashed !== 'only'
          ? [
              {
                key: 'delete',
                label: t('boardUsers.bulk.delete'),
                icon: trashIcon,
                danger: true,
                body: { action: 'delete' },
                title: (count: number) => t('boardUsers.bulk.deleteTitle', { count }),
                confirmLabel: (count: number) => t('boardUsers.bulk.deleteConfirm', { count }),
                description: t('boardUsers.bulk.deleteDescription'),
              },
            ]
          : []),
      ];
  return (
    <BulkActions
      selection={selection}
      total={total}
      filters={{ search: filters.search, tags: filterTags(filters.tags), status: filters.status ?? '', trashed: filters.trashed ?? '' }}
      noun={(count) => t('boardUsers.people', { count })}
      url={route('board-users.bulk')}
      actions={actions}
    />
  );
}
