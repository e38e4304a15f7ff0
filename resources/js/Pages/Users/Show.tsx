import { Head, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { Avatar } from '@/Components/Avatar';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Icon } from '@/Components/Icon';
import { PageHeader } from '@/Components/PageHeader';
import { FORM_WIDTHS } from '@/Components/layout';
import { useFormatters } from '@/hooks/useFormatters';
import { roleLabels, roleTones } from '@/lib/roles';
import { RemoveMember } from './Partials/RemoveMember';
import { roleDescriptions, type Member, type MemberAbilities } from './types';

export interface ShowProps {
  member: Member;
  abilities: MemberAbilities;
  isSelf: boolean;
  /** Why you may not leave (the last owner), shown instead of pointing at "Leave organisation". */
  leaveRefusal: string | null;
}

export default function Show({ member, abilities, isSelf, leaveRefusal }: ShowProps) {
  const fmt = useFormatters();
  const page = usePage();
  const errors = page.props.errors as Record<string, string | undefined>;
  const orgName = page.props.auth.organization?.name ?? 'this organization';

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
        back={{ href: '/users', label: 'Members' }}
        actions={
          <>
            {abilities.update ? (
              <Button href={`/users/${member.id}/edit`} icon="pencil">
                Change role
              </Button>
            ) : null}
            {abilities.remove ? <RemoveMember member={member} /> : null}
          </>
        }
      />
      {errors.member ? (
        <div role="alert" className="mb-6 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-200">
          <Icon name="alert" className="size-5 shrink-0" />
          <p>{errors.member}</p>
        </div>
      ) : null}
      <Card title="Membership" className={FORM_WIDTHS.form}>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Item label="Role">
            <Badge tone={roleTones[member.role]}>{roleLabels[member.role]}</Badge>
            <p className="mt-1 text-slate-600 dark:text-slate-400">{roleDescriptions[member.role]}</p>
          </Item>
          <Item label="Email">
            <span className="break-all">{member.email}</span>{' '}
            {member.email_verified_at ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
          </Item>
          <Item label="Last active">{member.online_since ? <Badge tone="success">Online now</Badge> : member.last_active_at ? <time dateTime={member.last_active_at} title={fmt.dateTime(member.last_active_at)}>{fmt.relative(member.last_active_at)}</time> : 'Never'}</Item>
          <Item label="Member since">{fmt.date(member.joined_at)}</Item>
        </dl>
        {isSelf ? (
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
            This is you. {leaveRefusal ?? `To leave ${orgName}, use “Leave organization” on the organization page.`}
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
