import { Head } from '@inertiajs/react';
import { ConflictNotice } from '@/Components/ConflictNotice';
import { PageHeader } from '@/Components/PageHeader';
import TrashedBanner from '@/Components/TrashedBanner';
import { useAppForm } from '@/hooks/useAppForm';
import { useConflict } from '@/hooks/useConflict';
import { useLiveReload } from '@/hooks/useRealtime';
import { useT } from '@/i18n';
import BoardUserForm from './Form';
import { BOARD_USER_FIELDS, BOARD_USER_FIELD_NAMES } from '../../../../shared/board-user-fields';
import { DeleteBoardUser } from './Partials/DeleteBoardUser';
import { fullName, joinTags, splitTags, type BoardUserFormData, type BoardUserStatus } from './types';
import { route } from '../../../../shared/routes';

export interface EditProps {
  boardUser: Omit<BoardUserFormData, 'tags'> & { id: number; tags: string[]; deleted_at: string | null; version: string };
  statuses: BoardUserStatus[];
}

/** The form's labels, for the conflict notice (the same keys the form shows). */
const LABELS = Object.fromEntries(BOARD_USER_FIELD_NAMES.map((field) => [field, BOARD_USER_FIELDS[field].label]));

export default function Edit({ boardUser, statuses }: EditProps) {
  const t = useT();
  const { id, deleted_at, tags, ...values } = boardUser;
  const current = { ...(values as Omit<BoardUserFormData, 'tags'> & { version: string }), tags: joinTags(tags) };
  const form = useAppForm<BoardUserFormData & { version: string }>(current);
  form.transform((data) => ({ ...data, tags: splitTags(data.tags) }) as unknown as BoardUserFormData & { version: string });
  const conflict = useConflict(form, current);
  // A colleague's save shows at once, not only when this form is saved.
  useLiveReload(['BoardUserChanged'], ['boardUser'], { when: (event) => event.id === id });
  const name = fullName(boardUser);

  return (
    <>
      <Head title={t('boardUsers.edit.title', { name })} />
      <PageHeader title={t('boardUsers.edit.title', { name })} back={{ href: route('board-users.show', { id }), label: name }} actions={deleted_at ? null : <DeleteBoardUser id={id} name={name} />} />
      {deleted_at ? <TrashedBanner what={t('boardUsers.trashedWhat')} restoreUrl={route('board-users.restore', { id })} canRestore /> : null}
      <ConflictNotice
        {...conflict}
        onChoose={conflict.choose}
        onChooseAll={conflict.chooseAll}
        label={(key) => t(`boardUsers.form.fields.${LABELS[key] ?? key}`)}
        show={(key, value) => (key === 'status' && value ? t('boardUsers.status.label', { status: String(value) }) : String(value ?? ''))}
      />
      <BoardUserForm
        form={form}
        statuses={statuses}
        submitLabel={t('boardUsers.edit.submit')}
        cancelHref={route('board-users.show', { id })}
        onSubmit={() => form.put(route('board-users.update', { id }), { preserveScroll: true })}
      />
    </>
  );
}
