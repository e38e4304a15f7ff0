import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import type { ActingIn } from '../../tenancy/acting';
import { actingIn } from '../../tenancy/from-request';
import type { Insight } from '../../db/types';
import { queryId } from '../../lib/query';
import { flash } from '../../http/session-bridge';
import { renderMarkdown } from '../../lib/markdown';
import { validate } from '../../lib/validation';
import { versionOf, versionSchema } from '../../lib/concurrency';
import { boardUserOption } from '../board-users/presenter';
import { limitProp } from '../../account/limit-props';
import { boardUserOptions, boardUsersByIds } from '../board-users/repository';
import { orFail } from '../../errors';
import { currentOrganization } from '../../tenancy/current';
import { authorize, routeId } from '../../tenancy/guard';
import * as repo from './repository';
import { insightReadiness } from './readiness';
import { INSIGHT_CATEGORIES, INSIGHT_STATUSES, filterQuery, indexQuerySchema, insightSchema, previewSchema } from './schema';
import * as service from './service';
import { msg } from '../../i18n/message';
import { route } from '../../../shared/routes';

export const PER_PAGE = 25;

const publicPath = (slug: string, token: string) => route('public-insights.show', { orgSlug: slug, token });

export function insightsController(ctx: AppContext) {
  /** Picker options: the selected board users first, then the first ones by name. */
  async function pickerOptions(organizationId: number, selected: number[]) {
    const [chosen, first] = await Promise.all([boardUsersByIds(ctx.db, organizationId, selected), boardUserOptions(ctx.db, organizationId, '')]);
    const seen = new Set<number>();
    return [...chosen, ...first].filter((r) => !seen.has(r.id) && seen.add(r.id)).map(boardUserOption);
  }

  const formProps = { categories: INSIGHT_CATEGORIES };

  return {
    async index(req: Request, res: Response) {
      authorize(req, 'read');
      const org = currentOrganization(req);
      const { page, ...filters } = validate(indexQuerySchema, req.query);
      const result = await repo.insightList(ctx.db, { organizationId: org.id, ...filters }, { page, perPage: PER_PAGE, path: route('insights.index'), query: filterQuery(filters) });
      const insights = { ...result, data: result.data.map((r) => ({ ...r, board_users_count: Number(r.board_users_count ?? 0) })) };
      await res.inertia.render('Insights/Index', { insights, filters, categories: INSIGHT_CATEGORIES, statuses: INSIGHT_STATUSES }, { title: msg('messages.titles.insights') });
    },

    async create(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const org = currentOrganization(req);
      const boardUser = queryId.parse(req.query.board_user);
      const preselected = boardUser === null ? [] : [boardUser];
      const [options, limit] = await Promise.all([pickerOptions(org.id, preselected), limitProp(ctx, req, 'insights')]);
      await res.inertia.render(
        'Insights/Create',
        { ...formProps, limit, boardUserOptions: options, preselected: options.filter((o) => preselected.includes(o.value)).map((o) => o.value) },
        { title: msg('messages.titles.newInsight') },
      );
    },

    async store(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const input = await validate(insightSchema, req.body, { board_user_ids: service.boardUsersExist(ctx.db, currentOrganization(req).id) });
      const row = await service.createInsight(ctx, actingIn(req), input);
      flash(req, 'success', msg('messages.insights.savedDraft'));
      res.redirect(303, route('insights.show', { id: row.id }));
    },

    async show(req: Request, res: Response) {
      authorize(req, 'read');
      const org = currentOrganization(req);
      const row = orFail(await repo.findInsightWithAuthor(ctx.db, org.id, routeId(req.params.id)));
      const [boardUsers, links, readiness] = await Promise.all([repo.linkedBoardUsers(ctx.db, org.id, row.id), limitProp(ctx, req, 'publicLinks'), insightReadiness(ctx.db, org.id, row.id)]);
      const { body, share_token, author_id: _author, organization_id: _org, ...rest } = row;
      await res.inertia.render(
        'Insights/Show',
        {
          insight: { ...rest, body_html: renderMarkdown(body), shared: !!share_token, share_url: share_token ? ctx.url(publicPath(org.slug, share_token)) : null },
          boardUsers,
          readiness,
          sharing: {
            planAllows: links.max !== 0,
            planName: links.plan_name,
            limit: links,
            publicPageEnabled: org.public_page_enabled,
            publicPageUrl: ctx.url(route('public-insights.index', { orgSlug: org.slug })),
          },
        },
        { title: row.title },
      );
    },

    async edit(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const org = currentOrganization(req);
      const row = orFail(await repo.findInsight(ctx.db, org.id, routeId(req.params.id)));
      const selected = await repo.linkedBoardUserIds(ctx.db, org.id, row.id);
      await res.inertia.render(
        'Insights/Edit',
        {
          ...formProps,
          insight: formValues(row, selected),
          boardUserOptions: await pickerOptions(org.id, selected),
        },
        { title: msg('messages.titles.edit', { name: row.title }) },
      );
    },

    async update(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const id = routeId(req.params.id);
      const input = await validate(insightSchema, req.body, { board_user_ids: service.boardUsersExist(ctx.db, currentOrganization(req).id) });
      const { version } = validate(versionSchema, req.body);
      await service.updateInsight(ctx, actingIn(req), id, input, version);
      flash(req, 'success', msg('messages.insights.saved'));
      res.redirect(303, route('insights.show', { id }));
    },

    destroy: recordAction(ctx, service.deleteInsight, () => msg('messages.insights.trashed')),
    restore: recordAction(ctx, service.restoreInsight, () => msg('messages.insights.restored')),
    publish: recordAction(ctx, service.publishInsight, () => msg('messages.insights.published')),
    archive: recordAction(ctx, service.archiveInsight, () => msg('messages.insights.archived')),
    share: recordAction(ctx, service.shareInsight, ({ reshared }) => (reshared ? msg('messages.insights.reshared') : msg('messages.insights.shared'))),
    unshare: recordAction(ctx, service.unshareInsight, () => msg('messages.insights.unshared')),

    /** The editor's preview: the same renderer and sanitiser as the pages. */
    async preview(req: Request, res: Response) {
      authorize(req, 'manageRecords');
      const { body } = validate(previewSchema, req.body);
      res.set('Cache-Control', 'no-store').json({ html: renderMarkdown(body) });
    },
  };
}

/**
 * A POST on one insight (delete, restore, publish, share…): editors only, the service does the
 * work, and the insight's page shows what happened.
 */
function recordAction<R>(ctx: AppContext, run: (ctx: AppContext, acting: ActingIn, id: number) => Promise<R>, message: (result: R) => string) {
  return async (req: Request, res: Response) => {
    authorize(req, 'manageRecords');
    const id = routeId(req.params.id);
    flash(req, 'success', message(await run(ctx, actingIn(req), id)));
    res.redirect(303, route('insights.show', { id }));
  };
}

function formValues(row: Insight, boardUserIds: number[]) {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary ?? '',
    body: row.body,
    category: row.category,
    status: row.status,
    deleted_at: row.deleted_at,
    board_user_ids: boardUserIds,
    version: versionOf(row.updated_at),
    /** Deleting a shared insight breaks its public link: the confirmation says so. */
    shared: row.share_token !== null,
  };
}
