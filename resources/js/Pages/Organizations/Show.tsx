import { Head, Link, router, usePage } from '@inertiajs/react';
import { useState, type ReactNode } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { Icon, type IconName } from '@/Components/Icon';
import { PageHeader } from '@/Components/PageHeader';
import { UrlText } from '@/Components/UrlText';
import { useFormatters } from '@/hooks/useFormatters';
import { roleLabels, roleTones } from '@/lib/roles';
import type { OrganizationAbilities, OrganizationDetails } from './Form';

export interface ShowProps {
  organization: OrganizationDetails;
  abilities: OrganizationAbilities;
  /** Why "Leave" is not offered to this member (the last owner); null otherwise. */
  leaveRefusal: string | null;
}

const planNames = { free: 'Free', team: 'Team', business: 'Business' } as const;

export default function Show({ organization, abilities, leaveRefusal }: ShowProps) {
  const fmt = useFormatters();
  const errors = usePage().props.errors as Record<string, string | undefined>;
  const [leaving, setLeaving] = useState(false);
  const [processing, setProcessing] = useState(false);
  const current = organization.is_current;
  const switchTo = () => router.post(`/organizations/${organization.id}/switch`);

  return (
    <>
      <Head title={organization.name} />
      <PageHeader
        title={organization.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {organization.role ? <Badge tone={roleTones[organization.role]}>You are {roleLabels[organization.role].toLowerCase()}</Badge> : <Badge tone="warning">Platform admin</Badge>}
            {current ? (
              <Badge tone="success" dot>
                Current organization
              </Badge>
            ) : null}
          </span>
        }
        back={{ href: '/organizations', label: 'Organizations' }}
        actions={
          <>
            {!current ? (
              <Button variant="secondary" icon="arrow" onClick={switchTo}>
                Switch to this organization
              </Button>
            ) : null}
            {abilities.manageOrganization ? (
              <Button href={`/organizations/${organization.id}/edit`} icon="pencil">
                Edit
              </Button>
            ) : null}
          </>
        }
      />

      {errors.organization ? (
        <div role="alert" className="mb-6 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-200">
          <Icon name="alert" className="size-5 shrink-0" />
          <p>{errors.organization}</p>
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="Details" className="lg:col-span-2">
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            <Detail label="Slug">
              <code className="font-mono">{organization.slug}</code>
            </Detail>
            <Detail label="Members">{fmt.number(organization.members_count)}</Detail>
            <Detail label="Website">
              {organization.website ? (
                <a href={organization.website} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-4 dark:text-brand-300">
                  <UrlText value={organization.website} />
                  <Icon name="external" className="size-3.5 shrink-0" />
                </a>
              ) : (
                '—'
              )}
            </Detail>
            <Detail label="Created">{fmt.date(organization.created_at)}</Detail>
            <Detail label="Plan">
              {organization.plan ? planNames[organization.plan] : '—'}
              {organization.subscription_status === 'trialing' && organization.trial_ends_at ? (
                <span className="text-slate-500 dark:text-slate-400"> · trial until {fmt.date(organization.trial_ends_at)}</span>
              ) : null}
            </Detail>
            <Detail label="Public page">
              {organization.public_page_enabled ? (
                <a href={`/p/${organization.slug}`} className="font-mono text-brand-700 underline underline-offset-4 dark:text-brand-300">
                  <UrlText value={`/p/${organization.slug}`} />
                </a>
              ) : (
                'Off'
              )}
            </Detail>
            <Detail label="Description" wide>
              {organization.description ? <p className="whitespace-pre-line">{organization.description}</p> : <span className="text-slate-500 dark:text-slate-400">No description yet.</span>}
            </Detail>
          </dl>
        </Card>

        <Card title="Go to">
          <ul className="space-y-1">
            {current ? (
              <>
                {abilities.manageMembers ? <Shortcut href="/users" icon="shield" label="Members" /> : null}
                {abilities.viewActivity ? <Shortcut href={`/organizations/${organization.id}/activity-logs`} icon="clock" label="Activity log" /> : null}
                <Shortcut href="/subscription" icon="card" label="Subscription" />
                <Shortcut href="/board-users" icon="users" label="Board users" />
                <Shortcut href="/insights" icon="document" label="Insights" />
              </>
            ) : (
              <li className="text-sm text-slate-600 dark:text-slate-400">Switch to this organization to work in it.</li>
            )}
          </ul>
          <p className="mt-4 border-t border-slate-200 pt-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            Members sign in directly at{' '}
            <Link href={`/org-login/${organization.slug}`} className="font-mono text-brand-700 underline underline-offset-4 dark:text-brand-300">
              <UrlText value={`/org-login/${organization.slug}`} />
            </Link>
          </p>
        </Card>
      </div>

      {abilities.leave ? (
        <Card title="Leave organization" description="You will lose access until someone invites you again." className="mt-6">
          <Button variant="secondary" icon="logout" onClick={() => setLeaving(true)}>
            Leave {organization.name}
          </Button>
        </Card>
      ) : leaveRefusal ? (
        <Card title="Leave organization" className="mt-6">
          <p className="flex gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Icon name="info" className="mt-px size-5 shrink-0 text-slate-400" />
            <span>
              {leaveRefusal}{' '}
              {abilities.transferOwnership ? (
                <Link href={`/organizations/${organization.id}/edit#transfer-ownership`} className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300">
                  Transfer ownership
                </Link>
              ) : null}
            </span>
          </p>
        </Card>
      ) : null}
      <ConfirmDialog
        open={leaving}
        title={`Leave ${organization.name}?`}
        description="You will no longer see its board users, insights or members."
        confirmLabel="Leave"
        processing={processing}
        onClose={() => setLeaving(false)}
        onConfirm={() =>
          router.post(`/organizations/${organization.id}/leave`, {}, {
            onStart: () => setProcessing(true),
            onFinish: () => {
              setProcessing(false);
              setLeaving(false);
            },
          })
        }
      />
    </>
  );
}

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function Shortcut({ href, icon, label }: { href: string; icon: IconName; label: string }) {
  return (
    <li>
      <Link href={href} className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
        <Icon name={icon} className="size-4 text-slate-400" />
        {label}
      </Link>
    </li>
  );
}
