import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { paginate } from '../../db/pagination';
import { validate } from '../../lib/validation';
import { csvTimeHeader, csvTimestamp, streamCsv, type CsvColumn } from '../../lib/csv';
import { safeTimeZone } from '../dashboard/weeks';
import { routeOrganization } from '../../tenancy/guard';
import { presentActivityLogEntry } from './presenter';
import * as repo from './repository';
import { activityLogQuerySchema, filtersQuery } from './schema';
import { msg } from '../../i18n/message';

export const PER_PAGE = 25;

/** The export's columns; the date in the reader's time zone, named in its header. */
const exportColumns = (timeZone: string): CsvColumn<repo.LogRow>[] => [
  { header: csvTimeHeader('Date', timeZone), value: (r) => csvTimestamp(r.created_at, timeZone) },
  { header: 'Causer', value: (r) => (r.causer_id === null ? 'System' : (r.causer_name ?? 'Deleted user')) },
  { header: 'Event', value: (r) => r.event },
  { header: 'Subject type', value: (r) => r.subject_type },
  { header: 'Subject ID', value: (r) => r.subject_id },
  { header: 'Subject', value: (r) => r.subject_name ?? (r.subject_id === null ? null : '(deleted)') },
  { header: 'Description', value: (r) => r.description },
  { header: 'Changes', value: (r) => JSON.stringify(presentActivityLogEntry(r).properties) },
];

/**
 * /organizations/{id}/activity-logs: the organisation's log (admins, owners, platform admins).
 * The route middleware has already answered 404 for an organisation the user cannot see and 403
 * for a role that may not read the log.
 */
export function activityLogController(ctx: AppContext) {
  const filtersOf = (req: Request) => {
    const { page, ...filters } = validate(activityLogQuerySchema, req.query);
    return { page, filters, timeZone: safeTimeZone(req.user?.timezone) };
  };

  return {
    async index(req: Request, res: Response) {
      const org = routeOrganization(req);
      const { page, filters, timeZone } = filtersOf(req);
      const path = `/organizations/${org.id}/activity-logs`;
      const [activity, options] = await Promise.all([
        paginate(repo.logQuery(ctx.db, org.id, { ...filters, timeZone }), { page, perPage: PER_PAGE, path, query: filtersQuery(filters) }),
        repo.filterOptions(ctx.db, org.id),
      ]);
      await res.inertia.render(
        'Organizations/ActivityLogs',
        {
          organization: { id: org.id, name: org.name },
          activity: { ...activity, data: activity.data.map(presentActivityLogEntry) },
          filters: {
            causer: filters.causer === null ? null : String(filters.causer),
            event: filters.event,
            subject_type: filters.subject_type,
            from: filters.from,
            to: filters.to,
            search: filters.search,
          },
          options,
          timeZone,
        },
        { title: msg('messages.titles.activityLog') },
      );
    },

    /** The filtered log (same filters, same order) as a streamed CSV. */
    async export(req: Request, res: Response) {
      const org = routeOrganization(req);
      const { filters, timeZone } = filtersOf(req);
      const date = ctx.clock.now().toISOString().slice(0, 10);
      await streamCsv(res, `activity-log-${org.slug}-${date}.csv`, exportColumns(timeZone), repo.exportRows(ctx.db, org.id, { ...filters, timeZone }));
    },
  };
}
