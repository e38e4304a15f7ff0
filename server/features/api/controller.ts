import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { HttpError, orFail } from '../../errors';
import { msg } from '../../i18n/message';
import { ensureCurrentVersion } from '../../lib/concurrency';
import { validate } from '../../lib/validation';
import { routeId } from '../../tenancy/guard';
import * as boardUserRepo from '../board-users/repository';
import { indexQuerySchema as boardUserQuerySchema } from '../board-users/schema';
import * as boardUserService from '../board-users/service';
import * as insightRepo from '../insights/repository';
import { filterQuery, indexQuerySchema as insightQuerySchema } from '../insights/schema';
import * as insightService from '../insights/service';
import { activityLogQuerySchema } from '../activity/schema';
import { joinTags } from '../../../shared/tag-list';
import { route } from '../../../shared/routes';
import { etagOf, ifMatchVersion, tokenActing } from './http';
import * as repo from './repository';
import { presentActivityEntry, presentBoardUser, presentInsight, presentInsightSummary } from './resources';
import { blankBoardUser, blankInsight, boardUserInput, insightFieldsOf, cursorSchema, decodeCursor, encodeCursor, insightInput, perPageSchema } from './schema';
import type { Insight } from '../../db/types';

const orgOf = (req: Request) => req.apiToken!.organization;

/** A list's page, as the API names it (the pages' paginator says `current_page`). */
const pageMeta = (meta: { current_page: number; per_page: number; total: number; last_page: number }) => ({
  page: meta.current_page,
  per_page: meta.per_page,
  total: meta.total,
  last_page: Math.max(1, meta.last_page),
});

/** The record's current fields with the request's over them: PATCH changes only what it names. */
const merged = (current: Record<string, unknown>, body: unknown) => ({ ...current, ...(body as Record<string, unknown>) });

export function apiController(ctx: AppContext) {
  async function sendInsight(req: Request, res: Response, row: Insight, status = 200) {
    const org = orgOf(req);
    const ids = await insightRepo.linkedBoardUserIds(ctx.db, org.id, row.id);
    const shareUrl = row.share_token ? ctx.url(route('public-insights.show', { orgSlug: org.slug, token: row.share_token })) : null;
    res
      .status(status)
      .set('ETag', etagOf(row.updated_at))
      .json({ data: presentInsight(row, ids, shareUrl) });
  }

  function sendBoardUser(res: Response, row: Parameters<typeof presentBoardUser>[0], status = 200) {
    res
      .status(status)
      .set('ETag', etagOf(row.updated_at))
      .json({ data: presentBoardUser(row) });
  }

  return {
    boardUsers: {
      async index(req: Request, res: Response) {
        const org = orgOf(req);
        const { page, ...filters } = validate(boardUserQuerySchema, req.query);
        const { per_page } = validate(perPageSchema, req.query);
        const list = await boardUserRepo.boardUserList(
          ctx.db,
          { organizationId: org.id, ...filters },
          { page, perPage: per_page, path: route('api.board-users.index'), query: { search: filters.search, tags: joinTags(filters.tags, ','), status: filters.status, trashed: filters.trashed } },
        );
        const rows = new Map(
          (
            await repo.boardUsersByIds(
              ctx.db,
              org.id,
              list.data.map((r) => r.id),
            )
          ).map((r) => [r.id, r]),
        );
        const data = list.data.flatMap((r) => (rows.has(r.id) ? [presentBoardUser(rows.get(r.id)!)] : []));
        res.json({ data, meta: pageMeta(list.meta) });
      },

      async show(req: Request, res: Response) {
        sendBoardUser(res, orFail(await boardUserRepo.findBoardUser(ctx.db, orgOf(req).id, routeId(req.params.id))));
      },

      async store(req: Request, res: Response) {
        const org = orgOf(req);
        const input = await validate(boardUserInput, merged(blankBoardUser(), req.body), { email: boardUserService.emailFree(ctx.db, org.id) });
        const row = await boardUserService.createBoardUser(ctx, tokenActing(req), input);
        res.set('Location', ctx.url(route('api.board-users.show', { id: row.id })));
        sendBoardUser(res, row, 201);
      },

      async update(req: Request, res: Response) {
        const org = orgOf(req);
        const id = routeId(req.params.id);
        const current = orFail(await boardUserRepo.findBoardUser(ctx.db, org.id, id));
        const version = ifMatchVersion(req);
        ensureCurrentVersion(current.updated_at, version);
        const { id: _id, organization_id: _org, created_at: _c, updated_at: _u, deleted_at: _d, ...fields } = current;
        const input = await validate(boardUserInput, merged(fields, req.body), { email: boardUserService.emailFree(ctx.db, org.id, id) });
        sendBoardUser(res, await boardUserService.updateBoardUser(ctx, tokenActing(req), id, input, version));
      },

      async destroy(req: Request, res: Response) {
        sendBoardUser(res, await boardUserService.deleteBoardUser(ctx, tokenActing(req), routeId(req.params.id)));
      },

      async restore(req: Request, res: Response) {
        sendBoardUser(res, await boardUserService.restoreBoardUser(ctx, tokenActing(req), routeId(req.params.id)));
      },
    },

    insights: {
      async index(req: Request, res: Response) {
        const org = orgOf(req);
        const { page, ...filters } = validate(insightQuerySchema, req.query);
        const { per_page } = validate(perPageSchema, req.query);
        const list = await insightRepo.insightList(ctx.db, { organizationId: org.id, ...filters }, { page, perPage: per_page, path: route('api.insights.index'), query: filterQuery(filters) });
        res.json({
          data: list.data.map(presentInsightSummary),
          meta: pageMeta(list.meta),
        });
      },

      async show(req: Request, res: Response) {
        await sendInsight(req, res, orFail(await insightRepo.findInsight(ctx.db, orgOf(req).id, routeId(req.params.id))));
      },

      async store(req: Request, res: Response) {
        const org = orgOf(req);
        const input = await validate(insightInput, merged(blankInsight(), req.body), { board_user_ids: insightService.boardUsersExist(ctx.db, org.id) });
        const row = await insightService.createInsight(ctx, tokenActing(req), input);
        res.set('Location', ctx.url(route('api.insights.show', { id: row.id })));
        await sendInsight(req, res, row, 201);
      },

      async update(req: Request, res: Response) {
        const org = orgOf(req);
        const id = routeId(req.params.id);
        const current = orFail(await insightRepo.findInsight(ctx.db, org.id, id));
        const version = ifMatchVersion(req);
        ensureCurrentVersion(current.updated_at, version);
        const linked = await insightRepo.linkedBoardUserIds(ctx.db, org.id, id);
        const fields = { ...insightFieldsOf(current), board_user_ids: linked };
        const input = await validate(insightInput, merged(fields, req.body), { board_user_ids: insightService.boardUsersExist(ctx.db, org.id) });
        await sendInsight(req, res, await insightService.updateInsight(ctx, tokenActing(req), id, input, version));
      },

      async publish(req: Request, res: Response) {
        await sendInsight(req, res, await insightService.publishInsight(ctx, tokenActing(req), routeId(req.params.id)));
      },

      async share(req: Request, res: Response) {
        await sendInsight(req, res, (await insightService.shareInsight(ctx, tokenActing(req), routeId(req.params.id))).insight);
      },

      async unshare(req: Request, res: Response) {
        await sendInsight(req, res, await insightService.unshareInsight(ctx, tokenActing(req), routeId(req.params.id)));
      },
    },

    activity: {
      async index(req: Request, res: Response) {
        const org = orgOf(req);
        const { page: _page, ...filters } = validate(activityLogQuerySchema, req.query);
        const { per_page } = validate(perPageSchema, req.query);
        const after = decodeCursor(validate(cursorSchema, req.query).cursor);
        if (after === 'invalid') throw new HttpError(400, msg('api.problems.badCursor'));
        const { rows, more } = await repo.activityAfter(ctx.db, org.id, { ...filters, timeZone: 'UTC' }, after, per_page);
        const last = rows[rows.length - 1];
        res.json({ data: rows.map(presentActivityEntry), next_cursor: more && last ? encodeCursor(last.key) : null });
      },
    },
  };
}
