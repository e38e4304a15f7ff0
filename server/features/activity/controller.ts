import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { validate } from '../../lib/validation';
import { csvTimeHeader, csvTimestamp, streamCsv, type CsvColumn } from '../../lib/csv';
import { safeTimeZone } from '../../account/time-zone';
import { routeOrganization } from '../../tenancy/guard';
import { presentActivity, presentActivityLogEntry } from './presenter';
import * as repo from './repository';
import { activityLogQuerySchema, filtersQuery } from './schema';
import { msg, translator, type Translate } from '../../i18n/message';
import { requestLocale } from '../../i18n/locale';
import { describeActivity, eventLabel, subjectTypeLabel } from '../../../shared/describe-activity';
import { route } from '../../../shared/routes';

export const PER_PAGE = 25;

/**
 * The export's columns in the reader's language: headers, event names and each entry's sentence
 * (built from its facts, as the page does); the date in the reader's time zone, named in its header.
 */
const exportColumns = (t: Translate, timeZone: string, dateLocale: string): CsvColumn<repo.LogRow>[] => {
  const h = (name: string) => t(`messages.csv.activity.${name}`);
  const dates = new Intl.DateTimeFormat(dateLocale, { dateStyle: 'medium', timeZone });
  const describe = { t, formatDate: (iso: string) => dates.format(new Date(iso)) };
  return [
    { header: csvTimeHeader(h('date'), timeZone), value: (r) => csvTimestamp(r.created_at, timeZone) },
    { header: h('causer'), value: (r) => (r.causer_id === null ? h('system') : (r.causer_name ?? t('app.activity.deletedUser'))) },
    { header: h('event'), value: (r) => eventLabel(t, r.event) },
    { header: h('subjectType'), value: (r) => (r.subject_type ? subjectTypeLabel(t, r.subject_type) : null) },
    { header: h('subjectId'), value: (r) => r.subject_id },
    { header: h('subject'), value: (r) => r.subject_name ?? (r.subject_id === null ? null : h('deleted')) },
    { header: h('description'), value: (r) => describeActivity(presentActivity(r), describe) },
    { header: h('changes'), value: (r) => JSON.stringify(presentActivityLogEntry(r).properties) },
  ];
};

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
      const path = route('activity-logs.index', { id: org.id });
      const [activity, options] = await Promise.all([
        repo.activityLogList(ctx.db, { organizationId: org.id, ...filters, timeZone }, { page, perPage: PER_PAGE, path, query: filtersQuery(filters) }),
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
      await streamCsv(
        res,
        `activity-log-${org.slug}-${date}.csv`,
        exportColumns(translator(requestLocale(req)), timeZone, req.user?.locale ?? requestLocale(req)),
        repo.exportRows(ctx.db, org.id, { ...filters, timeZone }),
      );
    },
  };
}
