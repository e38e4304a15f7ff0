import type { Request, Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { queryId, queryPage } from '../../lib/query';
import { validate } from '../../lib/validation';
import * as repo from './repository';
import { msg } from '../../i18n/message';
import { route } from '../../../shared/routes';

export const PER_PAGE = 25;

/** Anything that is not a plain id is no filter at all. */
const querySchema = z.object({
  page: queryPage,
  organization: queryId,
});

export function historyController(ctx: AppContext) {
  return {
    async index(req: Request, res: Response) {
      const user = req.user!;
      const { page, organization } = validate(querySchema, req.query);
      const organizations = await repo.myOrganizations(ctx.db, user.id);
      const memberOf = organizations.map((o) => o.id);
      // Another organisation's id is ignored: the filter offers only the user's own organisations.
      const filter = organization !== null && memberOf.includes(organization) ? organization : null;
      const activity = await repo.myActivityList(
        ctx.db,
        { userId: user.id, organizationId: filter, memberOf, platformAdmin: user.is_platform_admin },
        {
          page,
          perPage: PER_PAGE,
          path: route('history'),
          query: { organization: filter ?? undefined },
        },
      );
      await res.inertia.render(
        'History',
        {
          activity: {
            ...activity,
            data: activity.data.map((a) => ({
              id: a.id,
              event: a.event,
              subject_type: a.subject_type,
              subject_id: a.subject_id,
              subject_name: a.subject_name,
              facts: a.facts,
              description: a.description,
              organization: a.organization_id ? { id: a.organization_id, name: a.organization_name } : null,
              created_at: a.created_at,
            })),
          },
          organizations,
          filters: { organization: filter },
        },
        { title: msg('messages.titles.history') },
      );
    },
  };
}
