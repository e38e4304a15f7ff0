import { Head } from '@inertiajs/react';
import { PageHeader } from '@/Components/PageHeader';
import BoardUserForm from './Form';
import { splitTags, type BoardUserFormData, type BoardUserStatus } from './types';
import { useAppForm } from '@/hooks/useAppForm';

export interface CreateProps {
  statuses: BoardUserStatus[];
}

export default function Create({ statuses }: CreateProps) {
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
      <Head title="Add a board user" />
      <PageHeader title="Add a board user" description="A board member, trustee or director your organization supports." back={{ href: '/board-users', label: 'Board users' }} />
      <BoardUserForm form={form} statuses={statuses} submitLabel="Add board user" cancelHref="/board-users" onSubmit={() => form.post('/board-users')} />
    </>
  );
}
