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
import { useT } from '@/i18n';
import { buildingIcon } from '@/Components/icons/building';
import { plusIcon } from '@/Components/icons/plus';
import { route } from '../../../../shared/routes';

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

export default function Index({ organizations, filters, everyOrganization }: IndexProps) {
  const fmt = useFormatters();
  const t = useT();
  const empty = organizations.meta.total === 0 && !filters.search;

  return (
    <>
      <Head title={t('organizations.index.title')} />
      <PageHeader
        title={t('organizations.index.title')}
        description={everyOrganization ? t('organizations.index.descriptionAll') : t('organizations.index.description')}
        actions={
          <Button href={route('organizations.create')} icon={plusIcon}>
            {t('organizations.index.create')}
          </Button>
        }
      />
      {empty ? (
        <EmptyState
          icon={buildingIcon}
          title={t('organizations.index.empty.title')}
          text={t('organizations.index.empty.text')}
          action={
            <Button href={route('organizations.create')} icon={plusIcon}>
              {t('organizations.index.empty.action')}
            </Button>
          }
        />
      ) : (
        <Card padded={false}>
          <div className="border-b border-slate-200 p-4 dark:border-slate-700/70">
            <SearchFilter
              filters={{ search: filters.search }}
              label={t('organizations.index.search.label')}
              placeholder={t('organizations.index.search.placeholder')}
              only={['organizations', 'filters']}
            />
          </div>
          <Table caption={t('organizations.index.table.caption')}>
            <THead>
              <Tr>
                <Th>{t('organizations.index.table.name')}</Th>
                <Th>{everyOrganization ? t('organizations.index.table.yourRole') : t('organizations.index.table.role')}</Th>
                <Th className="hidden sm:table-cell" align="right">
                  {t('organizations.index.table.members')}
                </Th>
                <Th className="hidden md:table-cell">{t('organizations.index.table.plan')}</Th>
                <Th className="hidden lg:table-cell">{t('organizations.index.table.created')}</Th>
                <Th align="right">
                  <span className="sr-only">{t('organizations.index.table.actions')}</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {organizations.data.length === 0 ? (
                <TableEmptyRow colSpan={6}>{t('organizations.index.table.noMatch', { search: filters.search })}</TableEmptyRow>
              ) : (
                organizations.data.map((o) => (
                  <Tr key={o.id}>
                    <Td strong>
                      <Link href={route('organizations.show', { id: o.id })} className="rounded hover:underline">
                        {o.name}
                      </Link>
                      <span className="block font-mono text-xs font-normal text-slate-500 dark:text-slate-400">{o.slug}</span>
                    </Td>
                    <Td label={everyOrganization ? t('organizations.index.table.yourRole') : t('organizations.index.table.role')}>
                      {o.role ? <Badge tone={roleTones[o.role]}>{roleLabels[o.role]}</Badge> : <span className="text-slate-500 dark:text-slate-400">—</span>}
                    </Td>
                    <Td label={t('organizations.index.table.members')} className="hidden sm:table-cell" align="right">
                      {fmt.number(o.members_count)}
                    </Td>
                    <Td label={t('organizations.index.table.plan')} className="hidden md:table-cell">
                      {o.plan ? t('organizations.plan', { plan: o.plan }) : '—'}
                      {o.subscription_status === 'trialing' ? <span className="text-slate-500 dark:text-slate-400"> {t('organizations.index.table.trial')}</span> : null}
                    </Td>
                    <Td label={t('organizations.index.table.created')} className="hidden lg:table-cell">
                      {fmt.date(o.created_at)}
                    </Td>
                    <Td actions align="right">
                      {o.is_current ? (
                        <Badge tone="success" dot>
                          {t('organizations.index.table.current')}
                        </Badge>
                      ) : (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => router.post(route('organizations.switch', { id: o.id }))}
                          aria-label={t('organizations.index.table.switchTo', { name: o.name })}
                        >
                          {t('organizations.index.table.switch')}
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
