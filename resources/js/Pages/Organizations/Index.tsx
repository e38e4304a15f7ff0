import { Head, Link, router } from '@inertiajs/react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { EmptyState } from '@/Components/EmptyState';
import { PageHeader } from '@/Components/PageHeader';
import { Pagination } from '@/Components/Pagination';
import { SearchFilter } from '@/Components/SearchFilter';
import { Table, TableEmptyRow, TBody, Td, Th, THead, Tr } from '@/Components/Table';
import { useFormatters } from '@/hooks/useFormatters';
import type { Paginated, Role } from '@/types';
import { roleLabels, roleTones } from '@/lib/roles';

export interface OrganizationRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  role: Role | null;
  plan: 'free' | 'team' | 'business' | null;
  subscription_status: string | null;
  members_count: number;
  created_at: string;
  is_current: boolean;
}

export interface IndexProps {
  organizations: Paginated<OrganizationRow>;
  filters: { search: string };
  /** Platform admins list every organisation. */
  everyOrganization: boolean;
}

const planNames = { free: 'Free', team: 'Team', business: 'Business' } as const;

export default function Index({ organizations, filters, everyOrganization }: IndexProps) {
  const fmt = useFormatters();
  const empty = organizations.meta.total === 0 && !filters.search;

  return (
    <>
      <Head title="Organizations" />
      <PageHeader
        title="Organizations"
        description={everyOrganization ? 'Every organization on the platform (you are a platform admin).' : 'The organizations you belong to, and your role in each.'}
        actions={
          <Button href="/organizations/create" icon="plus">
            New organization
          </Button>
        }
      />
      {empty ? (
        <EmptyState
          icon="building"
          title="You are not part of an organization yet"
          text="Create one for your team, or wait for an invitation: it arrives by email, and the link in it adds you."
          action={
            <Button href="/organizations/create" icon="plus">
              Create an organization
            </Button>
          }
        />
      ) : (
        <Card padded={false}>
          <div className="border-b border-slate-200 p-4 dark:border-slate-700/70">
            <SearchFilter filters={{ search: filters.search }} label="Search organizations" placeholder="Search name or slug…" only={['organizations', 'filters']} />
          </div>
          <Table caption="Organizations">
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>{everyOrganization ? 'Your role' : 'Role'}</Th>
                <Th className="hidden sm:table-cell" align="right">
                  Members
                </Th>
                <Th className="hidden md:table-cell">Plan</Th>
                <Th className="hidden lg:table-cell">Created</Th>
                <Th align="right">
                  <span className="sr-only">Actions</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {organizations.data.length === 0 ? (
                <TableEmptyRow colSpan={6}>No organization matches “{filters.search}”.</TableEmptyRow>
              ) : (
                organizations.data.map((o) => (
                  <Tr key={o.id}>
                    <Td strong>
                      <Link href={`/organizations/${o.id}`} className="rounded hover:underline">
                        {o.name}
                      </Link>
                      <span className="block font-mono text-xs font-normal text-slate-500 dark:text-slate-400">{o.slug}</span>
                    </Td>
                    <Td label={everyOrganization ? 'Your role' : 'Role'}>{o.role ? <Badge tone={roleTones[o.role]}>{roleLabels[o.role]}</Badge> : <span className="text-slate-500 dark:text-slate-400">—</span>}</Td>
                    <Td label="Members" className="hidden sm:table-cell" align="right">
                      {fmt.number(o.members_count)}
                    </Td>
                    <Td label="Plan" className="hidden md:table-cell">
                      {o.plan ? planNames[o.plan] : '—'}
                      {o.subscription_status === 'trialing' ? <span className="text-slate-500 dark:text-slate-400"> (trial)</span> : null}
                    </Td>
                    <Td label="Created" className="hidden lg:table-cell">
                      {fmt.date(o.created_at)}
                    </Td>
                    <Td actions align="right">
                      {o.is_current ? (
                        <Badge tone="success" dot>
                          Current
                        </Badge>
                      ) : (
                        <Button size="sm" variant="secondary" onClick={() => router.post(`/organizations/${o.id}/switch`)} aria-label={`Switch to ${o.name}`}>
                          Switch
                        </Button>
                      )}
                    </Td>
                  </Tr>
                ))
              )}
            </TBody>
          </Table>
          <div className="border-t border-slate-200 p-4 dark:border-slate-700/70">
            <Pagination links={organizations.links} meta={organizations.meta} only={['organizations', 'filters']} />
          </div>
        </Card>
      )}
    </>
  );
}
