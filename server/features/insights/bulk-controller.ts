import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { flash, flashData } from '../../http/session-bridge';
import { actingIn } from '../../tenancy/from-request';
import { validate } from '../../lib/validation';
import { csvTimeHeader, csvTimestamp, streamCsv, type CsvColumn } from '../../lib/csv';
import { safeTimeZone } from '../../account/time-zone';
import { authorize } from '../../tenancy/guard';
import { currentOrganization } from '../../tenancy/current';
import type { InsightExportRow } from './bulk-repository';
import { insightBulkSchema, insightExportSelectionSchema } from './bulk-schema';
import { bulkInsights, doneMessage, exportSelection } from './bulk-service';
import { msg, translator, type Translate } from '../../i18n/message';
import { requestLocale } from '../../i18n/locale';
import { route } from '../../../shared/routes';

/** The export's columns, headed in the reader's language; category and status as stored (machine names). */
const columns = (t: Translate, timeZone: string): CsvColumn<InsightExportRow>[] => {
  const h = (name: string) => t(`messages.csv.insights.${name}`);
  return [
    { header: h('id'), value: (r) => r.id },
    { header: h('title'), value: (r) => r.title },
    { header: h('summary'), value: (r) => r.summary },
    { header: h('category'), value: (r) => r.category },
    { header: h('status'), value: (r) => r.status },
    { header: h('shared'), value: (r) => (r.shared ? h('yes') : h('no')) },
    { header: h('views'), value: (r) => r.view_count },
    { header: h('author'), value: (r) => r.author_name },
    { header: csvTimeHeader(h('publishedAt'), timeZone), value: (r) => csvTimestamp(r.published_at, timeZone) },
    { header: csvTimeHeader(h('updatedAt'), timeZone), value: (r) => csvTimestamp(r.updated_at, timeZone) },
    { header: csvTimeHeader(h('deletedAt'), timeZone), value: (r) => csvTimestamp(r.deleted_at, timeZone) },
  ];
};

export function insightsBulkController(ctx: AppContext) {
  return {
    async apply(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const input = validate(insightBulkSchema, req.body);
      const { selected, changed } = await bulkInsights(ctx, actingIn(req), input);
      const n = changed.length;
      if (n === 0) flash(req, 'info', msg('messages.insights.bulk.nothing', { count: selected, trash: input.action === 'publish' || input.action === 'archive' ? 'yes' : 'no' }));
      else if (input.action === 'delete') flashData(req, 'undo', { message: doneMessage('delete', n), url: route('insights.bulk'), data: { action: 'restore', ids: changed } });
      else flash(req, 'success', doneMessage(input.action, n));
      res.inertia.back(route('insights.index'));
    },

    async export(req: Request, res: Response) {
      authorize(req, 'read');
      const org = currentOrganization(req);
      const selection = validate(insightExportSelectionSchema, req.body);
      const rows = await exportSelection(ctx, org.id, selection);
      const date = ctx.clock.now().toISOString().slice(0, 10);
      await streamCsv(res, `insights-${org.slug}-${date}-selection.csv`, columns(translator(requestLocale(req)), safeTimeZone(req.user?.timezone)), rows);
    },
  };
}
