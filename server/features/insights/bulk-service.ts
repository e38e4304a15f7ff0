import { channels } from '../../broadcasting/broadcaster';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import type { ActingIn } from '../../tenancy/acting';
import { inTransaction } from '../../lib/unit-of-work';
import { checkedSelection } from '../board-users/bulk-service';
import { assertWithinLimit } from '../../account/limits';
import * as bulk from './bulk-repository';
import type { InsightBulkInput, InsightSelection } from './bulk-schema';
import { msg } from '../../i18n/message';
import type { ActivityKind } from '../../../shared/activity-kinds';
import { notifyBoardMembers } from '../portal-delivery/service';

/** What happened, for the flash message (translated when shown). */
export const doneMessage = (action: InsightBulkInput['action'], n: number) => msg(`messages.insights.bulk.${action}`, { count: n });

const KINDS = {
  publish: 'insight.bulk_published',
  archive: 'insight.bulk_archived',
  delete: 'insight.bulk_deleted',
  restore: 'insight.bulk_restored',
} as const satisfies Record<InsightBulkInput['action'], ActivityKind>;

/**
 * Publish, archive, delete or restore the selection: one transaction, one activity entry with the
 * changed ids. An id of another organisation makes the request a 404 and changes nothing.
 * Deleted insights are not published or archived (restore them first).
 */
export async function bulkInsights(ctx: AppContext, acting: ActingIn, input: InsightBulkInput) {
  const org = acting.organization.id;
  return inTransaction(ctx, acting, async (uow) => {
    const ids = checkedSelection(input, await bulk.lockSelected(uow.db, org, input));
    const now = ctx.clock.now();
    let changed: number[] = [];
    if (ids.length) {
      if (input.action === 'publish') changed = await bulk.publish(uow.db, org, ids, now);
      else if (input.action === 'archive') changed = await bulk.archive(uow.db, org, ids, now);
      else if (input.action === 'delete') changed = await bulk.softDelete(uow.db, org, ids, now);
      else {
        const trashed = await bulk.trashedAmong(uow.db, org, ids);
        if (trashed.length) await assertWithinLimit(uow.db, org, 'insights', { adding: trashed.length, field: 'ids', now });
        changed = await bulk.restore(uow.db, org, trashed, now);
      }
    }
    changed.sort((a, b) => a - b);
    // Published (or restored while published): their board members are told, one mail each at most.
    if (input.action === 'publish' || input.action === 'restore') await notifyBoardMembers(ctx, uow, org, changed);
    if (changed.length) {
      await uow.log({ organization_id: org, kind: KINDS[input.action], subject_id: null, facts: { count: changed.length }, properties: { ids: changed, attributes: { action: input.action } } });
      uow.broadcast({ channels: [channels.organization(org)], event: 'InsightChanged', data: { id: 0, action: `bulk_${input.action}` } });
    }
    return { selected: ids.length, changed };
  });
}

/** The rows of an export of the selection; an id of another organisation is a 404. */
export async function exportSelection(ctx: AppContext, organizationId: number, selection: InsightSelection) {
  if (!selection.all && (await bulk.countOwn(ctx.db, organizationId, selection.ids)) !== new Set(selection.ids).size) throw new HttpError(404);
  return bulk.exportRows(ctx.db, organizationId, selection);
}
