import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { flash } from '../../http/session-bridge';
import { actingIn } from '../../tenancy/from-request';
import { validate } from '../../lib/validation';
import { streamCsv } from '../../lib/csv';
import { authorize } from '../../tenancy/guard';
import { orFail } from '../../errors';
import { currentOrganization } from '../../tenancy/current';
import { routeId } from '../../tenancy/guard';
import { fieldOptions, importLimits, presentImport } from './presenter';
import { importColumns, rowProblems, sendTemplate } from './template';
import * as repo from './repository';
import { importRunner } from './runner';
import { mappingSchema } from './schema';
import * as service from './service';
import { readUpload } from './upload';
import { localize, localizeDeep, msg, translator } from '../../i18n/message';
import { requestLocale } from '../../i18n/locale';
import { limitProp } from '../../account/limit-props';
import { defer } from '../../inertia';
import { route } from '../../../shared/routes';

const showPath = (id: number) => route('board-user-imports.show', { import: id });

export function importController(ctx: AppContext) {
  async function render(req: Request, res: Response, imp: repo.ImportRow | null) {
    const org = currentOrganization(req);
    const locale = requestLocale(req);
    await res.inertia.render(
      'BoardUsers/Import',
      {
        // The import's status message and the rows' problems are messages: written in the reader's language.
        import: imp ? localizeDeep(locale, presentImport(imp)) : null,
        preview: imp && imp.status === 'pending' ? localizeDeep(locale, await service.preview(ctx, org.id, imp)) : [],
        // Every row checked before the start, not only the preview's: the bad ones further down, in the reader's language.
        // Deferred: a 10,000-row file takes a few hundred ms to check, the page is not kept waiting for it.
        problems: imp && imp.status === 'pending' ? defer(async () => localizeDeep(locale, await rowProblems(ctx, org.id, imp))) : null,
        fields: fieldOptions(translator(locale)),
        columns: importColumns(translator(locale)),
        recent: await repo.recentImports(ctx.db, org.id),
        limits: importLimits,
        limit: await limitProp(ctx, req, 'boardUsers'),
      },
      { title: imp ? msg('messages.titles.importFile', { filename: imp.filename }) : msg('messages.titles.import') },
    );
  }

  const find = async (req: Request) => orFail(await repo.findImport(ctx.db, currentOrganization(req).id, routeId(req.params.import)));

  return {
    async index(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      await render(req, res, null);
    },

    /** The CSV template: the header row of the accepted columns. */
    template(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      sendTemplate(res);
    },

    async upload(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const file = await readUpload(req);
      const imp = await service.createImport(ctx, actingIn(req), file);
      res.redirect(303, showPath(imp.id));
    },

    async show(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      await render(req, res, await find(req));
    },

    async update(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const imp = await find(req);
      const input = validate(mappingSchema(imp.headers.length), req.body);
      await service.saveMapping(ctx, actingIn(req), imp.id, input);
      res.redirect(303, showPath(imp.id));
    },

    async start(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const imp = await find(req);
      validate(mappingSchema(imp.headers.length), { mapping: imp.mapping, duplicates: imp.duplicates });
      const acting = actingIn(req);
      await service.startImport(ctx, acting, imp.id, (id) => importRunner(ctx).start(acting.organization.id, id, acting));
      flash(req, 'success', msg('messages.import.started', { count: imp.total_rows, filename: imp.filename }));
      res.redirect(303, showPath(imp.id));
    },

    /** The rows that failed, as they were, with an `error` column: fix them and import this file. */
    async failures(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const imp = await find(req);
      const locale = requestLocale(req);
      const columns = [
        ...imp.headers.map((header, i) => ({ header, value: (r: { cells: string[] }) => r.cells[i] ?? '' })),
        { header: 'error', value: (r: { error: string }) => localize(locale, r.error) },
      ];
      const base = imp.filename.replace(/\.csv$/i, '');
      await streamCsv(res, `${base}-failed-rows.csv`, columns, repo.failures(ctx.db, imp.id));
    },
  };
}
