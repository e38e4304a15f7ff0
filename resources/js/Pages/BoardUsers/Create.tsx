import { Head } from '@inertiajs/react';
import { PlanLimitNotice, type PlanLimit } from '@/Components/LimitNotice';
import { FORM_WIDTHS } from '@/Components/layout';
import { PageHeader } from '@/Components/PageHeader';
import BoardUserForm from './Form';
import { splitTags, type BoardUserFormData, type BoardUserStatus } from './types';
import { useAppForm } from '@/hooks/useAppForm';
import { useT } from '@/i18n';
import { emptyBoardUserForm } from '../../../../shared/board-user-fields';
import { route } from '../../../../shared/routes';

export interface CreateProps {
  statuses: BoardUserStatus[];
  /** At the limit the notice takes the form's place (the server would refuse it anyway). */
  limit: PlanLimit;
}

export default function Create({ statuses, limit }: CreateProps) {
  const t = useT();
  const form = useAppForm<BoardUserFormData>(emptyBoardUserForm());
  form.transform((data) => ({ ...data, tags: splitTags(data.tags) }) as unknown as BoardUserFormData);

  return (
    <>
      <Head title={t('boardUsers.create.title')} />
      <PageHeader title={t('boardUsers.create.title')} description={t('boardUsers.create.description')} back={{ href: route('board-users.index'), label: t('boardUsers.back') }} />
      {limit.full ? (
        <PlanLimitNotice limit={limit} className={FORM_WIDTHS.form} />
      ) : (
        <BoardUserForm form={form} statuses={statuses} submitLabel={t('boardUsers.create.submit')} cancelHref={route('board-users.index')} onSubmit={() => form.post(route('board-users.store'))} />
      )}
    </>
  );
}
