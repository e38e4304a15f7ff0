import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { actingIn } from '../../tenancy/from-request';
import { flash } from '../../http/session-bridge';
import { validate } from '../../lib/validation';
import { versionOf, versionSchema } from '../../lib/concurrency';
import { orFail } from '../../errors';
import { currentOrganization } from '../../tenancy/current';
import { authorize, routeId } from '../../tenancy/guard';
import { csvTimeHeader, csvTimestamp, streamCsv, type CsvColumn } from '../../lib/csv';
import { safeTimeZone } from '../../account/time-zone';
import { boardUserOption } from './presenter';
import * as repo from './repository';
import { BOARD_USER_STATUSES, boardUserSchema, indexQuerySchema, optionsQuerySchema } from './schema';
import * as service from './service';
import { joinTags } from '../../../shared/tag-list';
import { msg, translator, type Translate } from '../../i18n/message';
import { requestLocale } from '../../i18n/locale';
import { defer } from '../../inertia';
import { BOARD_USER_FIELD_NAMES, type BoardUserField } from '../../../shared/board-user-fields';
import type { BoardUser } from '../../db/types';
import { limitProp } from '../../account/limit-props';
import { can } from '../../tenancy/policy';
import { portalAccessOf } from '../portal-access/repository';
import { route } from '../../../shared/routes';

export const PER_PAGE = 25;

/**
 * The export's columns, headed in the reader's language with the names the import reads back in
 * every language (`validation.import.fields`); values as stored (status `active`, not translated)
 * so the file imports back exactly; timestamps in the reader's time zone, named in their headers.
 */
export const exportColumns = (t: Translate, timeZone: string): CsvColumn<repo.ExportRow>[] => [
  { header: t('messages.csv.boardUsers.id'), value: (r) => r.id },
  ...BOARD_USER_FIELD_NAMES.map(
    (field): CsvColumn<repo.ExportRow> => ({
      header: t(`validation.import.fields.${field}`),
      // A tag with , or ; quoted: it imports back exactly.
      value: (r) => (field === 'tags' ? joinTags(r.tags) : r[field]),
    }),
  ),
  { header: csvTimeHeader(t('messages.csv.boardUsers.createdAt'), timeZone), value: (r) => csvTimestamp(r.created_at, timeZone) },
  { header: csvTimeHeader(t('messages.csv.boardUsers.deletedAt'), timeZone), value: (r) => csvTimestamp(r.deleted_at, timeZone) },
];

/** What a form edits: every field, null as '' (tags stay a list: the page writes them as text). */
const formValues = (b: BoardUser) => Object.fromEntries(BOARD_USER_FIELD_NAMES.map((field) => [field, b[field] ?? ''])) as { [K in BoardUserField]: NonNullable<BoardUser[K]> };

export function boardUsersController(ctx: AppContext) {
  return {
    async index(req: Request, res: Response) {
      authorize(req, 'read');
      const org = currentOrganization(req);
      const { page, ...filters } = validate(indexQuerySchema, req.query);
      const boardUsers = await repo.boardUserList(
        ctx.db,
        { organizationId: org.id, ...filters },
        {
          page,
          perPage: PER_PAGE,
          path: route('board-users.index'),
          query: {
            search: filters.search,
            tags: joinTags(filters.tags, ','),
            status: filters.status,
            trashed: filters.trashed,
            ...(filters.sort !== 'name' || filters.direction !== 'asc' ? { sort: filters.sort, direction: filters.direction } : {}),
          },
        },
      );
      await res.inertia.render(
        'BoardUsers/Index',
        // The tag counts are deferred: the list's visit stays one page query (the hot path), the
        // page asks for them right after; a search keystroke (a partial reload) does not recount them.
        { boardUsers, filters, statuses: BOARD_USER_STATUSES, tags: defer(() => repo.tagCounts(ctx.db, org.id)) },
        { title: msg('messages.titles.boardUsers') },
      );
    },

    async create(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const limit = await limitProp(ctx, req, 'boardUsers');
      await res.inertia.render('BoardUsers/Create', { statuses: BOARD_USER_STATUSES, limit }, { title: msg('messages.titles.newBoardUser') });
    },

    async store(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const input = await validate(boardUserSchema, req.body, { email: service.emailFree(ctx.db, currentOrganization(req).id) });
      const row = await service.createBoardUser(ctx, actingIn(req), input);
      flash(req, 'success', msg('messages.boardUsers.added', { name: service.fullName(row) }));
      res.redirect(303, route('board-users.show', { id: row.id }));
    },

    async show(req: Request, res: Response) {
      authorize(req, 'read');
      const org = currentOrganization(req);
      const boardUser = orFail(await repo.findBoardUser(ctx.db, org.id, routeId(req.params.id)));
      const [insights, portalAccess] = await Promise.all([repo.insightsOfBoardUser(ctx.db, org.id, boardUser.id), portalAccessOf(ctx.db, org.id, boardUser.id)]);
      // The plan's room for portal access, for those who may grant it (the card's notice).
      const portalLimit = can(org.role, 'manageRecords', !!req.user?.is_platform_admin) && portalAccess.state === 'none' ? await limitProp(ctx, req, 'portalMembers') : null;
      await res.inertia.render('BoardUsers/Show', { boardUser, insights, portalAccess, portalLimit }, { title: service.fullName(boardUser) });
    },

    async edit(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const org = currentOrganization(req);
      const boardUser = orFail(await repo.findBoardUser(ctx.db, org.id, routeId(req.params.id)));
      await res.inertia.render(
        'BoardUsers/Edit',
        { boardUser: { id: boardUser.id, deleted_at: boardUser.deleted_at, version: versionOf(boardUser.updated_at), ...formValues(boardUser) }, statuses: BOARD_USER_STATUSES },
        { title: msg('messages.titles.edit', { name: service.fullName(boardUser) }) },
      );
    },

    async update(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const id = routeId(req.params.id);
      const input = await validate(boardUserSchema, req.body, { email: service.emailFree(ctx.db, currentOrganization(req).id, id) });
      const { version } = validate(versionSchema, req.body);
      const row = await service.updateBoardUser(ctx, actingIn(req), id, input, version);
      flash(req, 'success', msg('messages.boardUsers.saved', { name: service.fullName(row) }));
      res.redirect(303, route('board-users.show', { id }));
    },

    async destroy(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const row = await service.deleteBoardUser(ctx, actingIn(req), routeId(req.params.id));
      flash(req, 'success', msg('messages.boardUsers.trashed', { name: service.fullName(row) }));
      res.redirect(303, route('board-users.show', { id: row.id }));
    },

    async restore(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const row = await service.restoreBoardUser(ctx, actingIn(req), routeId(req.params.id));
      flash(req, 'success', msg('messages.boardUsers.restored', { name: service.fullName(row) }));
      res.redirect(303, route('board-users.show', { id: row.id }));
    },

    /** The current filtered list (same filters and order as the index) as a streamed CSV. */
    async export(req: Request, res: Response) {
      authorize(req, 'read');
      const org = currentOrganization(req);
      const { page: _page, ...filters } = validate(indexQuerySchema, req.query);
      const date = ctx.clock.now().toISOString().slice(0, 10);
      await streamCsv(res, `board-users-${org.slug}-${date}.csv`, exportColumns(translator(requestLocale(req)), safeTimeZone(req.user?.timezone)), repo.exportRows(ctx.db, org.id, filters));
    },

    /** JSON for the insight form's searchable picker. */
    async options(req: Request, res: Response) {
      authorize(req, 'read');
      const org = currentOrganization(req);
      const { search } = validate(optionsQuerySchema, req.query);
      const rows = await repo.boardUserOptions(ctx.db, org.id, search);
      res.set('Cache-Control', 'no-store').json({ data: rows.map(boardUserOption) });
    },
  };
}
