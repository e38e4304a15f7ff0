import { Head, router, usePage } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Field } from '@/Components/Field';
import { FormActions } from '@/Components/FormActions';
import { PageHeader } from '@/Components/PageHeader';
import { Select } from '@/Components/Select';
import { FORM_WIDTHS } from '@/Components/layout';
import { RemoveMember } from './Partials/RemoveMember';
import type { Role } from '@/types';
import { roleLabels } from '@/lib/roles';
import { roleDescription } from './Partials/roleDescription';
import type { Member, MemberAbilities } from './types';
import { useT } from '@/i18n';
import { useAppForm } from '@/hooks/useAppForm';
import { ConflictNotice } from '@/Components/ConflictNotice';
import { useConflict } from '@/hooks/useConflict';
import { useLiveReload } from '@/hooks/useRealtime';
import type { MembershipFormValues } from '../../../../shared/member-fields';
import { route } from '../../../../shared/routes';

export interface EditProps {
  member: Member;
  abilities: MemberAbilities;
  isSelf: boolean;
}

export default function Edit({ member, abilities, isSelf }: EditProps) {
  const t = useT();
  const current = { role: member.role, version: member.version };
  const form = useAppForm<MembershipFormValues & { version: string }>(current);
  const conflict = useConflict(form, current);
  const userId = usePage().props.auth?.user?.id;
  // A colleague's change of this member's role arrives live and shows in the conflict notice.
  useLiveReload(['ActivityLogged'], ['member'], {
    when: (entry) => entry.subject_type === 'user' && entry.subject_id === member.id,
    gone: (entry) => entry.event === 'member_removed',
    // Removed by a colleague (one's own removal redirects by itself): back to the list, which says so.
    onGone: (entry) => {
      if (entry.causer?.id === userId) return;
      router.flash(() => ({ info: t('users.edit.removedByColleague', { name: member.name }) }));
      router.visit(route('users.index'));
    },
  });
  // The member's current role stays listed even if the signed-in user could not give it.
  const roles = abilities.roles.includes(member.role) ? abilities.roles : [member.role, ...abilities.roles];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.put(route('users.update', { id: member.id }));
  };

  return (
    <>
      <Head title={t('users.edit.headTitle', { name: member.name })} />
      <PageHeader
        title={t('users.edit.title', { name: member.name })}
        description={member.email}
        back={{ href: route('users.show', { id: member.id }), label: member.name }}
        actions={abilities.remove ? <RemoveMember member={member} /> : null}
      />
      <div className={FORM_WIDTHS.form}>
        <ConflictNotice
          {...conflict}
          onChoose={conflict.choose}
          onChooseAll={conflict.chooseAll}
          label={() => t('users.form.role')}
          show={(_key, value) => roleLabels[value as Role] ?? String(value)}
        />
      </div>
      <form onSubmit={submit} noValidate className={FORM_WIDTHS.form}>
        <Card
          footer={
            <FormActions>
              <Button href={route('users.show', { id: member.id })} variant="secondary">
                {t('users.form.cancel')}
              </Button>
              <Button type="submit" processing={form.processing} disabled={!abilities.update}>
                {t('users.edit.save')}
              </Button>
            </FormActions>
          }
        >
          {!abilities.update ? (
            <p role="status" className="mb-6 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200">
              {t('users.edit.ownerOnly')}
            </p>
          ) : null}
          {isSelf ? <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">{t('users.edit.self')}</p> : null}
          <Field label={t('users.form.role')} required error={form.errors.role} hint={roleDescription(t, form.data.role)}>
            {(p) => (
              <Select
                {...p}
                name="role"
                disabled={!abilities.update}
                value={form.data.role}
                onChange={(e) => form.setData('role', e.target.value as Role)}
                options={roles.map((r) => ({ value: r, label: roleLabels[r], disabled: !abilities.roles.includes(r) }))}
              />
            )}
          </Field>
        </Card>
      </form>
    </>
  );
}
