import { Head, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { Avatar } from '@/Components/Avatar';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Icon } from '@/Components/Icon';
import { alertIcon } from '@/Components/icons/alert';
import { pencilIcon } from '@/Components/icons/pencil';
import { PageHeader } from '@/Components/PageHeader';
import { FORM_WIDTHS } from '@/Components/layout';
import { useFormatters } from '@/hooks/useFormatters';
import { roleLabels, roleTones } from '@/lib/roles';
import { RemoveMember } from './Partials/RemoveMember';
import { roleDescription } from './Partials/roleDescription';
import type { Member, MemberAbilities } from './types';
import { useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface ShowProps {
  member: Member;
  abilities: MemberAbilities;
  isSelf: boolean;
  /** Why you may not leave (the last owner), shown instead of pointing at "Leave organisation". */
  leaveRefusal: string | null;
}

export default function Show({ member, abilities, isSelf, leaveRefusal }: ShowProps) {
  const fmt = useFormatters();
  const t = useT();
  const page = usePage();
  const errors = page.props.errors as Record<string, string | undefined>;
  const orgName = page.props.auth.organization?.name ?? t('users.thisOrganization');

  return (
    <>
      <Head title={member.name} />
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <Avatar name={member.name} size="md" />
            <span className="min-w-0 break-words">{member.name}</span>
          </span>
        }
        description={member.email}
        back={{ href: route('users.index'), label: t('users.index.title') }}
        actions={
          <>
            {abilities.update ? (
              <Button href={route('users.edit', { id: member.id })} icon={pencilIcon}>
                {t('users.show.changeRole')}
              </Button>
            ) : null}
            {abilities.remove ? <RemoveMember member={member} /> : null}
          </>
        }
      />
      {errors.member ? (
        <div role="alert" className="mb-6 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-200">
          <Icon icon={alertIcon} className="size-5 shrink-0" />
          <p>{errors.member}</p>
        </div>
      ) : null}
      <Card title={t('users.show.membership')} className={FORM_WIDTHS.form}>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Item label={t('users.form.role')}>
            <Badge tone={roleTones[member.role]}>{roleLabels[member.role]}</Badge>
            <p className="mt-1 text-slate-600 dark:text-slate-400">{roleDescription(t, member.role)}</p>
          </Item>
          <Item label={t('users.form.email')}>
            <span className="break-all">{member.email}</span>{' '}
            {member.email_verified_at ? <Badge tone="success">{t('users.show.verified')}</Badge> : <Badge tone="warning">{t('users.show.notVerified')}</Badge>}
          </Item>
          <Item label={t('users.columns.lastActive')}>
            {member.online_since ? (
              <Badge tone="success">{t('users.onlineNow')}</Badge>
            ) : member.last_active_at ? (
              <time dateTime={member.last_active_at} title={fmt.dateTime(member.last_active_at)}>
                {fmt.relative(member.last_active_at)}
              </time>
            ) : (
              t('users.never')
            )}
          </Item>
          <Item label={t('users.show.memberSince')}>{fmt.date(member.joined_at)}</Item>
        </dl>
        {isSelf ? (
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
            {t('users.show.thisIsYou')} {leaveRefusal ?? t('users.show.howToLeave', { organization: orgName })}
          </p>
        ) : null}
      </Card>
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}
