import { Link } from '@inertiajs/react';
import { Badge } from '@/Components/Badge';
import { Card } from '@/Components/Card';
import { Table, TBody, Td, Th, THead, Tr } from '@/Components/Table';
import { useFormatters } from '@/hooks/useFormatters';
import { useT } from '@/i18n';
import { statusTones, type RecentImport } from './types';
import { route } from '../../../../../../shared/routes';

/** The organisation's latest imports, to come back to one that is running or see how one went. */
export function RecentImports({ recent }: { recent: RecentImport[] }) {
  const fmt = useFormatters();
  const t = useT();
  if (!recent.length) return null;
  return (
    <Card title={t('boardUsers.import.recent.title')} padded={false}>
      <Table caption={t('boardUsers.import.recent.title')}>
        <THead>
          <Tr>
            <Th>{t('boardUsers.import.recent.file')}</Th>
            <Th>{t('boardUsers.import.recent.status')}</Th>
            <Th align="right">{t('boardUsers.import.recent.created')}</Th>
            <Th align="right">{t('boardUsers.import.recent.updated')}</Th>
            <Th align="right">{t('boardUsers.import.recent.failed')}</Th>
            <Th className="hidden md:table-cell">{t('boardUsers.import.recent.started')}</Th>
          </Tr>
        </THead>
        <TBody>
          {recent.map((r) => (
            <Tr key={r.id}>
              <Td strong className="break-all">
                <Link href={route('board-user-imports.show', { import: r.id })} className="rounded hover:underline">
                  {r.filename}
                </Link>
              </Td>
              <Td label={t('boardUsers.import.recent.status')}>
                <Badge tone={statusTones[r.status]}>{t('boardUsers.import.status', { status: r.status })}</Badge>
              </Td>
              <Td label={t('boardUsers.import.recent.created')} align="right" className="tabular-nums">
                {fmt.number(r.created_count)}
              </Td>
              <Td label={t('boardUsers.import.recent.updated')} align="right" className="tabular-nums">
                {fmt.number(r.updated_count)}
              </Td>
              <Td label={t('boardUsers.import.recent.failed')} align="right" className="tabular-nums">
                {fmt.number(r.failed_count)}
              </Td>
              <Td label={t('boardUsers.import.recent.started')} className="hidden md:table-cell">
                {fmt.dateTime(r.created_at)}
                {r.user_name ? <span className="block text-xs text-slate-500 dark:text-slate-400">{t('boardUsers.import.recent.by', { name: r.user_name })}</span> : null}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}
