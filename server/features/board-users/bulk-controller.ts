import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { flash, flashData } from '../../http/session-bridge';
import { actingIn } from '../../tenancy/from-request';
import { validate } from '../../lib/validation';
import { safeTimeZone } from '../../account/time-zone';
import { authorize } from '../../tenancy/guard';
import { currentOrganization } from '../../tenancy/current';
import { exportColumns } from './controller';
import { streamCsv } from '../../lib/csv';
import { translator } from '../../i18n/message';
import { requestLocale } from '../../i18n/locale';
import { boardUserBulkSchema, boardUserExportSelectionSchema } from './bulk-schema';
import { bulkBoardUsers, doneMessage, exportSelection } from './bulk-service';
import { msg } from '../../i18n/message';
import { route } from '../../../shared/routes';

export function boardUsersBulkController(ctx: AppContext) {
  return {
    /** Change status, add/remove a tag, delete or restore the selection; back to the list. */
    async apply(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const input = validate(boardUserBulkSchema, req.body);
      const result = await bulkBoardUsers(ctx, actingIn(req), input);
      const n = result.changed.length;
      if (n === 0) flash(req, 'info', msg('messages.boardUsers.bulk.nothing', { count: result.selected }));
      else if (input.action === 'delete') {
        // The toast offers to undo: restoring exactly these records.
        flashData(req, 'undo', { message: doneMessage(input, n), url: route('board-users.bulk'), data: { action: 'restore', ids: result.changed } });
      } else flash(req, 'success', result.note ? msg('messages.boardUsers.bulk.withNote', { message: doneMessage(input, n), note: result.note }) : doneMessage(input, n));
      res.inertia.back(route('board-users.index'));
    },

    /** The selection as CSV (the export's columns): ticked ids, or every row matching the filters. */
    async export(req: Request, res: Response) {
      authorize(req, 'read');
      const org = currentOrganization(req);
      const selection = validate(boardUserExportSelectionSchema, req.body);
      const rows = await exportSelection(ctx, org.id, { ...selection, filters: { ...selection.filters, sort: 'name', direction: 'asc' } });
      const date = ctx.clock.now().toISOString().slice(0, 10);
      await streamCsv(res, `board-users-${org.slug}-${date}-selection.csv`, exportColumns(translator(requestLocale(req)), safeTimeZone(req.user?.timezone)), rows);
    },
  };
}
