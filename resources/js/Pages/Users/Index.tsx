import { Head, Link, router, usePage } from '@inertiajs/react';
import { useState } from 'react';
import { Avatar } from '@/Components/Avatar';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { LimitNotice } from '@/Components/LimitNotice';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { EmailText } from '@/Components/EmailText';
import { EmptyState } from '@/Components/EmptyState';
import { Icon } from '@/Components/Icon';
import { alertIcon } from '@/Components/icons/alert';
import { mailIcon } from '@/Components/icons/mail';
import { plusIcon } from '@/Components/icons/plus';
import { PageHeader } from '@/Components/PageHeader';
import { Pagination } from '@/Components/Pagination';
import { SearchFilter } from '@/Components/SearchFilter';
import { Table, TableEmptyRow, TBody, Td, Th, THead, Tr } from '@/Components/Table';
import { useFormatters } from '@/hooks/useFormatters';
import { useLiveReload } from '@/hooks/useRealtime';
import { Trans, useT } from '@/i18n';
import type { Paginated } from '@/types';
import { roleLabels, roleTones } from '@/lib/roles';
import type { MemberRow, MemberUsage, PendingInvitation } from './types';
import { route } from '../../../../shared/routes';

export interface IndexProps {
  members: Paginated<MemberRow>;
  invitations: PendingInvitation[];
  usage: MemberUsage;
  filters: { search: string };
  currentUserId: number;
  /** Owners (and platform admins) may change or remove owners. */
  canManageOwners: boolean;
}

type Pending = { kind: 'remove'; member: MemberRow } | { kind: 'revoke'; invitation: PendingInvitation } | null;

/** Activity about these changes the list. */
const MEMBER_SUBJECTS = new Set(['user', 'invitation']);

export default function Index({ members, invitations, usage, filters, currentUserId, canManageOwners }: IndexProps) {
  const fmt = useFormatters();
  const t = useT();
  const page = usePage();
  const errors = page.props.errors as Record<string, string | undefined>;
  const organization = page.props.auth.organization;
  const [pending, setPending] = useState<Pending>(null);
  const [processing, setProcessing] = useState(false);
  // Members joining, leaving or changing role elsewhere show up here without a reload.
  useLiveReload(['ActivityLogged'], ['members', 'invitations', 'usage'], { when: (entry) => MEMBER_SUBJECTS.has(entry.subject_type ?? '') });
  const seatsUsed = usage.members + usage.pending;
  const full = usage.limit !== null && seatsUsed >= usage.limit;

  const run = (visit: (options: { onStart: () => void; onFinish: () => void }) => void) =>
    visit({
      onStart: () => setProcessing(true),
      onFinish: () => {
        setProcessing(false);
        setPending(null);
      },
    });

  return (
    <>
      <Head title={t('users.index.title')} />
      <PageHeader
        title={t('users.index.title')}
        description={
          <>
            {organization ? t('users.index.whoWorksIn', { organization: organization.name }) : t('users.index.whoWorksHere')}{' '}
            {usage.limit === null
              ? t('users.index.usageUnlimited', { count: usage.members, plan: usage.plan_name })
              : usage.pending
                ? t('users.index.usagePending', { used: seatsUsed, limit: usage.limit, plan: usage.plan_name, pending: usage.pending })
                : t('users.index.usage', { used: seatsUsed, limit: usage.limit, plan: usage.plan_name })}
          </>
        }
        actions={<InviteButton full={full} />}
      />

      {full ? (
        <LimitNotice className="mb-6">
          <Trans
            id="users.index.full"
            values={{ plan: usage.plan_name, limit: usage.limit }}
            components={{ 0: <Link href={route('subscription.edit')} className="font-medium underline underline-offset-4" /> }}
          />
        </LimitNotice>
      ) : null}
      {errors.member || errors.invitation ? (
        <div role="alert" className="mb-6 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-200">
          <Icon icon={alertIcon} className="size-5 shrink-0" />
          <p>{errors.member ?? errors.invitation}</p>
        </div>
      ) : null}

      <Card padded={false}>
        <div className="border-b border-slate-200 p-4 dark:border-slate-700/70">
          <SearchFilter filters={{ search: filters.search }} label={t('users.index.searchLabel')} placeholder={t('users.index.searchPlaceholder')} only={['members', 'filters']} />
        </div>
        <Table caption={t('users.index.title')}>
          <THead>
            <Tr>
              <Th>{t('users.columns.name')}</Th>
              <Th>{t('users.form.role')}</Th>
              <Th className="hidden md:table-cell">{t('users.columns.lastActive')}</Th>
              <Th className="hidden lg:table-cell">{t('users.columns.joined')}</Th>
              <Th align="right" colSpan={2}>
                <span className="sr-only">{t('users.columns.actions')}</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {members.data.length === 0 ? (
              <TableEmptyRow colSpan={6}>{t('users.index.noMatch', { search: filters.search })}</TableEmptyRow>
            ) : (
              members.data.map((m) => {
                const self = m.id === currentUserId;
                const manageable = m.role !== 'owner' || canManageOwners;
                return (
                  <Tr key={m.id}>
                    <Td strong className="min-w-56">
                      <div className="flex items-center gap-3">
                        <Avatar name={m.name} />
                        <div className="min-w-0 wrap-anywhere">
                          <Link href={route('users.show', { id: m.id })} className="rounded hover:underline">
                            {m.name}
                          </Link>
                          {self ? <span className="ml-1 text-xs font-normal text-slate-500 dark:text-slate-400">{t('users.index.you')}</span> : null}
                          <EmailText email={m.email} className="block text-xs font-normal text-slate-500 dark:text-slate-400" />
                        </div>
                      </div>
                    </Td>
                    <Td label={t('users.form.role')}>
                      <Badge tone={roleTones[m.role]}>{roleLabels[m.role]}</Badge>
                    </Td>
                    <Td label={t('users.columns.lastActive')} className="hidden md:table-cell">
                      {m.online_since ? (
                        <Badge tone="success">{t('users.onlineNow')}</Badge>
                      ) : m.last_active_at ? (
                        <time dateTime={m.last_active_at} title={fmt.dateTime(m.last_active_at)}>
                          {fmt.relative(m.last_active_at)}
                        </time>
                      ) : (
                        t('users.never')
                      )}
                    </Td>
                    <Td label={t('users.columns.joined')} className="hidden lg:table-cell">
                      {fmt.date(m.joined_at)}
                    </Td>
                    {/* One column per action, so each button lines up in every row, the owner's too. */}
                    <Td actions align="right" className="w-px whitespace-nowrap sm:pr-2">
                      {manageable ? (
                        <Button href={route('users.edit', { id: m.id })} size="sm" variant="secondary">
                          <Trans id="users.index.changeRole" values={{ name: m.name }} components={{ 0: <span className="sr-only" /> }} />
                        </Button>
                      ) : null}
                    </Td>
                    <Td actions align="right" className="w-px whitespace-nowrap sm:pl-0">
                      {manageable && !self ? (
                        <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'remove', member: m })}>
                          <Trans id="users.index.removeMember" values={{ name: m.name }} components={{ 0: <span className="sr-only" /> }} />
                        </Button>
                      ) : null}
                    </Td>
                  </Tr>
                );
              })
            )}
          </TBody>
        </Table>
        <div className="border-t border-slate-200 p-4 dark:border-slate-700/70">
          <Pagination links={members.links} meta={members.meta} only={['members', 'filters']} />
        </div>
      </Card>

      <section aria-labelledby="pending-heading" className="mt-8">
        <h2 id="pending-heading" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
          {t('users.invitations.title')}
        </h2>
        {invitations.length === 0 ? (
          <EmptyState icon={mailIcon} title={t('users.invitations.emptyTitle')} text={t('users.invitations.emptyText')} action={<InviteButton full={full} variant="secondary" />} />
        ) : (
          <Card padded={false}>
            <Table caption={t('users.invitations.title')}>
              <THead>
                <Tr>
                  <Th>{t('users.form.email')}</Th>
                  <Th>{t('users.form.role')}</Th>
                  <Th className="hidden md:table-cell">{t('users.invitations.invitedBy')}</Th>
                  <Th>{t('users.invitations.expires')}</Th>
                  <Th align="right">
                    <span className="sr-only">{t('users.columns.actions')}</span>
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {invitations.map((i) => (
                  <Tr key={i.id}>
                    <Td strong className="min-w-48">
                      <EmailText email={i.email} />
                    </Td>
                    <Td label={t('users.form.role')}>
                      <Badge tone={roleTones[i.role]}>{roleLabels[i.role]}</Badge>
                    </Td>
                    <Td label={t('users.invitations.invitedBy')} className="hidden min-w-32 wrap-anywhere md:table-cell">
                      {i.invited_by ?? '—'}
                    </Td>
                    <Td label={t('users.invitations.expires')}>
                      {i.expired ? (
                        <Badge tone="danger">{t('users.invitations.expired')}</Badge>
                      ) : (
                        <time dateTime={i.expires_at} title={fmt.dateTime(i.expires_at)} className="whitespace-nowrap">
                          {fmt.relative(i.expires_at)}
                        </time>
                      )}
                    </Td>
                    <Td actions align="right">
                      <div className="flex justify-end gap-2">
                        <Button size="sm" variant="secondary" onClick={() => router.post(route('invitations.resend', { id: i.id }), {}, { preserveScroll: true })}>
                          <Trans id="users.invitations.resend" values={{ email: i.email }} components={{ 0: <span className="sr-only" /> }} />
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'revoke', invitation: i })}>
                          <Trans id="users.invitations.revoke" values={{ email: i.email }} components={{ 0: <span className="sr-only" /> }} />
                        </Button>
                      </div>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </Card>
        )}
      </section>

      <ConfirmDialog
        open={pending?.kind === 'remove'}
        title={pending?.kind === 'remove' ? t('users.remove.title', { name: pending.member.name }) : t('users.remove.titleAnyone')}
        description={pending?.kind === 'remove' ? t('users.remove.description', { name: pending.member.name, organization: organization?.name ?? t('users.thisOrganization') }) : undefined}
        confirmLabel={t('users.remove.label')}
        processing={processing}
        onClose={() => setPending(null)}
        onConfirm={() => pending?.kind === 'remove' && run((o) => router.delete(route('users.destroy', { id: pending.member.id }), { preserveScroll: true, ...o }))}
      />
      <ConfirmDialog
        open={pending?.kind === 'revoke'}
        title={t('users.invitations.revokeDialog.title')}
        description={pending?.kind === 'revoke' ? t('users.invitations.revokeDialog.description', { email: pending.invitation.email }) : undefined}
        confirmLabel={t('users.invitations.revokeDialog.confirm')}
        processing={processing}
        onClose={() => setPending(null)}
        onConfirm={() => pending?.kind === 'revoke' && run((o) => router.delete(route('invitations.destroy', { id: pending.invitation.id }), { preserveScroll: true, ...o }))}
      />
    </>
  );
}

function InviteButton({ full, variant = 'primary' }: { full: boolean; variant?: 'primary' | 'secondary' }) {
  const t = useT();
  if (full) {
    return (
      <Button icon={plusIcon} variant={variant} disabled title={t('users.index.noFreeSeat')}>
        {t('users.index.invite')}
      </Button>
    );
  }
  return (
    <Button href={route('users.create')} icon={plusIcon} variant={variant}>
      {t('users.index.invite')}
    </Button>
  );
}
