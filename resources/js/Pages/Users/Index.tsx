import { Head, Link, router, usePage } from '@inertiajs/react';
import { useState } from 'react';
import { Avatar } from '@/Components/Avatar';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { EmptyState } from '@/Components/EmptyState';
import { Icon } from '@/Components/Icon';
import { PageHeader } from '@/Components/PageHeader';
import { Pagination } from '@/Components/Pagination';
import { SearchFilter } from '@/Components/SearchFilter';
import { Table, TableEmptyRow, TBody, Td, Th, THead, Tr } from '@/Components/Table';
import { useFormatters } from '@/hooks/useFormatters';
import { useLiveReload } from '@/hooks/useRealtime';
import type { Paginated } from '@/types';
import { roleLabels, roleTones } from '@/lib/roles';
import type { MemberRow, MemberUsage, PendingInvitation } from './types';

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
      <Head title="Members" />
      <PageHeader
        title="Members"
        description={
          <>
            Who works in {organization?.name ?? 'this organization'}.{' '}
            {usage.limit === null
              ? `${usage.members} members on the ${usage.plan_name} plan (no limit).`
              : `${seatsUsed} of ${usage.limit} seats used on the ${usage.plan_name} plan${usage.pending ? ` (${usage.pending} by open invitations)` : ''}.`}
          </>
        }
        actions={
          <InviteButton full={full} />
        }
      />

      {full ? (
        <p role="status" className="mb-6 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200">
          Your plan ({usage.plan_name}) allows {usage.limit} members.{' '}
          <Link href="/subscription/edit" className="font-medium underline underline-offset-4">
            Upgrade to add more.
          </Link>
        </p>
      ) : null}
      {errors.member || errors.invitation ? (
        <div role="alert" className="mb-6 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-200">
          <Icon name="alert" className="size-5 shrink-0" />
          <p>{errors.member ?? errors.invitation}</p>
        </div>
      ) : null}

      <Card padded={false}>
        <div className="border-b border-slate-200 p-4 dark:border-slate-700/70">
          <SearchFilter filters={{ search: filters.search }} label="Search members" placeholder="Search name or email…" only={['members', 'filters']} />
        </div>
        <Table caption="Members">
          <THead>
            <Tr>
              <Th>Name</Th>
              <Th>Role</Th>
              <Th className="hidden md:table-cell">Last active</Th>
              <Th className="hidden lg:table-cell">Joined</Th>
              <Th align="right" colSpan={2}>
                <span className="sr-only">Actions</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {members.data.length === 0 ? (
              <TableEmptyRow colSpan={6}>No member matches “{filters.search}”.</TableEmptyRow>
            ) : (
              members.data.map((m) => {
                const self = m.id === currentUserId;
                const manageable = m.role !== 'owner' || canManageOwners;
                return (
                  <Tr key={m.id}>
                    <Td strong>
                      <div className="flex items-center gap-3">
                        <Avatar name={m.name} />
                        <div className="min-w-0">
                          <Link href={`/users/${m.id}`} className="rounded hover:underline">
                            {m.name}
                          </Link>
                          {self ? <span className="ml-1 text-xs font-normal text-slate-500 dark:text-slate-400">(you)</span> : null}
                          <span className="block truncate text-xs font-normal text-slate-500 dark:text-slate-400">{m.email}</span>
                        </div>
                      </div>
                    </Td>
                    <Td label="Role">
                      <Badge tone={roleTones[m.role]}>{roleLabels[m.role]}</Badge>
                    </Td>
                    <Td label="Last active" className="hidden md:table-cell">
                      {m.online_since ? <Badge tone="success">Online now</Badge> : m.last_active_at ? <time dateTime={m.last_active_at}>{fmt.relative(m.last_active_at)}</time> : 'Never'}
                    </Td>
                    <Td label="Joined" className="hidden lg:table-cell">
                      {fmt.date(m.joined_at)}
                    </Td>
                    {/* One column per action, so each button lines up in every row, the owner's too. */}
                    <Td actions align="right" className="w-px whitespace-nowrap sm:pr-2">
                      {manageable ? (
                        <Button href={`/users/${m.id}/edit`} size="sm" variant="secondary">
                          Change role<span className="sr-only"> of {m.name}</span>
                        </Button>
                      ) : null}
                    </Td>
                    <Td actions align="right" className="w-px whitespace-nowrap sm:pl-0">
                      {manageable && !self ? (
                        <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'remove', member: m })}>
                          Remove<span className="sr-only"> {m.name}</span>
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
          Pending invitations
        </h2>
        {invitations.length === 0 ? (
          <EmptyState
            icon="mail"
            title="No pending invitations"
            text="Invite colleagues by email; the link in the invitation is valid for 7 days."
            action={<InviteButton full={full} variant="secondary" />}
          />
        ) : (
          <Card padded={false}>
            <Table caption="Pending invitations">
              <THead>
                <Tr>
                  <Th>Email</Th>
                  <Th>Role</Th>
                  <Th className="hidden md:table-cell">Invited by</Th>
                  <Th>Expires</Th>
                  <Th align="right">
                    <span className="sr-only">Actions</span>
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {invitations.map((i) => (
                  <Tr key={i.id}>
                    <Td strong className="break-all">
                      {i.email}
                    </Td>
                    <Td label="Role">
                      <Badge tone={roleTones[i.role]}>{roleLabels[i.role]}</Badge>
                    </Td>
                    <Td label="Invited by" className="hidden md:table-cell">
                      {i.invited_by ?? '—'}
                    </Td>
                    <Td label="Expires">
                      {i.expired ? (
                        <Badge tone="danger">Expired</Badge>
                      ) : (
                        <time dateTime={i.expires_at} title={fmt.dateTime(i.expires_at)}>
                          {fmt.relative(i.expires_at)}
                        </time>
                      )}
                    </Td>
                    <Td actions align="right">
                      <div className="flex justify-end gap-2">
                        <Button size="sm" variant="secondary" onClick={() => router.post(`/invitations/${i.id}/resend`, {}, { preserveScroll: true })}>
                          Re-send<span className="sr-only"> the invitation to {i.email}</span>
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'revoke', invitation: i })}>
                          Revoke<span className="sr-only"> the invitation to {i.email}</span>
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
        title={pending?.kind === 'remove' ? `Remove ${pending.member.name}?` : 'Remove member?'}
        description={pending?.kind === 'remove' ? `${pending.member.name} will lose access to ${organization?.name ?? 'this organization'}.` : undefined}
        confirmLabel="Remove"
        processing={processing}
        onClose={() => setPending(null)}
        onConfirm={() => pending?.kind === 'remove' && run((o) => router.delete(`/users/${pending.member.id}`, { preserveScroll: true, ...o }))}
      />
      <ConfirmDialog
        open={pending?.kind === 'revoke'}
        title="Revoke invitation?"
        description={pending?.kind === 'revoke' ? `The link sent to ${pending.invitation.email} will stop working.` : undefined}
        confirmLabel="Revoke"
        processing={processing}
        onClose={() => setPending(null)}
        onConfirm={() => pending?.kind === 'revoke' && run((o) => router.delete(`/invitations/${pending.invitation.id}`, { preserveScroll: true, ...o }))}
      />
    </>
  );
}

function InviteButton({ full, variant = 'primary' }: { full: boolean; variant?: 'primary' | 'secondary' }) {
  if (full) {
    return (
      <Button icon="plus" variant={variant} disabled title="Your plan has no free seat left">
        Invite member
      </Button>
    );
  }
  return (
    <Button href="/users/create" icon="plus" variant={variant}>
      Invite member
    </Button>
  );
}
