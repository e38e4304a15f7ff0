import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { flash, flashData } from '../../http/session-bridge';
import { actingIn } from '../../http/acting';
import { validate } from '../../lib/validation';
import { csvTimeHeader, csvTimestamp, streamCsv, type CsvColumn } from '../../lib/csv';
import { safeTimeZone } from '../dashboard/weeks';
import { authorize } from '../../tenancy/guard';
import { currentOrganization } from '../../tenancy/current';
import type { InsightExportRow } from './bulk-repository';
import { insightBulkSchema, insightExportSelectionSchema } from './bulk-schema';
import { bulkInsights, doneMessage, exportSelection } from './bulk-service';
import { msg } from '../../i18n/message';

const columns = (timeZone: string): CsvColumn<InsightExportRow>[] => [
  { header: 'ID', value: (r) => r.id },
  { header: 'Title', value: (r) => r.title },
  { header: 'Summary', value: (r) => r.summary },
  { header: 'Category', value: (r) => r.category },
  { header: 'Status', value: (r) => r.status },
  { header: 'Shared', value: (r) => (r.shared ? 'yes' : 'no') },
  { header: 'Views', value: (r) => r.view_count },
  { header: 'Author', value: (r) => r.author_name },
  { header: csvTimeHeader('Published at', timeZone), value: (r) => csvTimestamp(r.published_at, timeZone) },
  { header: csvTimeHeader('Updated at', timeZone), value: (r) => csvTimestamp(r.updated_at, timeZone) },
  { header: csvTimeHeader('Deleted at', timeZone), value: (r) => csvTimestamp(r.deleted_at, timeZone) },
];

export function insightsBulkController(ctx: AppContext) {
  return {
    async apply(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const input = validate(insightBulkSchema, req.body);
      const { selected, changed } = await bulkInsights(ctx, actingIn(req), input);
      const n = changed.length;
      if (n === 0) flash(req, 'info', msg('messages.insights.bulk.nothing', { count: selected, trash: input.action === 'publish' || input.action === 'archive' ? 'yes' : 'no' }));
      else if (input.action === 'delete') flashData(req, 'undo', { message: doneMessage('delete', n), url: '/insights/bulk', data: { action: 'restore', ids: changed } });
      else flash(req, 'success', doneMessage(input.action, n));
      res.inertia.back('/insights');
    },

    async export(req: Request, res: Response) {
      authorize(req, 'read');
      const org = currentOrganization(req);
      const selection = validate(insightExportSelectionSchema, req.body);
      const rows = await exportSelection(ctx, org.id, selection);
      const date = ctx.clock.now().toISOString().slice(0, 10);
      await streamCsv(res, `insights-${org.slug}-${date}-selection.csv`, columns(safeTimeZone(req.user?.timezone)), rows);
    },
  };
}
