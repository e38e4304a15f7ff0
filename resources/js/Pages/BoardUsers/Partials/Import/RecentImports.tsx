import { Link } from '@inertiajs/react';
import { Badge } from '@/Components/Badge';
import { Card } from '@/Components/Card';
import { Table, TBody, Td, Th, THead, Tr } from '@/Components/Table';
import { useFormatters } from '@/hooks/useFormatters';
import { statusLabels, statusTones, type RecentImport } from './types';

/** The organisation's latest imports, to come back to one that is running or see how one went. */
export function RecentImports({ recent }: { recent: RecentImport[] }) {
  const fmt = useFormatters();
  if (!recent.length) return null;
  return (
    <Card title="Recent imports" padded={false}>
      <Table caption="Recent imports">
        <THead>
          <Tr>
            <Th>File</Th>
            <Th>Status</Th>
            <Th align="right">Created</Th>
            <Th align="right">Updated</Th>
            <Th align="right">Failed</Th>
            <Th className="hidden md:table-cell">Started</Th>
          </Tr>
        </THead>
        <TBody>
          {recent.map((r) => (
            <Tr key={r.id}>
              <Td strong className="break-all">
                <Link href={`/board-users/import/${r.id}`} className="rounded hover:underline">
                  {r.filename}
                </Link>
              </Td>
              <Td label="Status">
                <Badge tone={statusTones[r.status]}>{statusLabels[r.status]}</Badge>
              </Td>
              <Td label="Created" align="right" className="tabular-nums">
                {r.created_count.toLocaleString('en-US')}
              </Td>
              <Td label="Updated" align="right" className="tabular-nums">
                {r.updated_count.toLocaleString('en-US')}
              </Td>
              <Td label="Failed" align="right" className="tabular-nums">
                {r.failed_count.toLocaleString('en-US')}
              </Td>
              <Td label="Started" className="hidden md:table-cell">
                {fmt.dateTime(r.created_at)}
                {r.user_name ? <span className="block text-xs text-slate-500 dark:text-slate-400">by {r.user_name}</span> : null}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}
