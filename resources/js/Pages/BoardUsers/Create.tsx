import { Head } from '@inertiajs/react';
import { PageHeader } from '@/Components/PageHeader';
import BoardUserForm from './Form';
import { splitTags, type BoardUserFormData, type BoardUserStatus } from './types';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';

export interface CreateProps {
  statuses: BoardUserStatus[];
}

export default function Create({ statuses }: CreateProps) {
  const t = useT();
  const form = useAppForm<BoardUserFormData>({
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    position: '',
    board_name: '',
    status: 'active',
    tags: '',
    notes: '',
    joined_on: '',
  });
  form.transform((data) => ({ ...data, tags: splitTags(data.tags) }) as unknown as BoardUserFormData);

  return (
    <>
      <Head title={t('boardUsers.create.title')} />
      <PageHeader title={t('boardUsers.create.title')} description={t('boardUsers.create.description')} back={{ href: '/board-users', label: t('boardUsers.back') }} />
      <BoardUserForm form={form} statuses={statuses} submitLabel={t('boardUsers.create.submit')} cancelHref="/board-users" onSubmit={() => form.post('/board-users')} />
    </>
  );
}
