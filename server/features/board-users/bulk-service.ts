import { channels } from '../../broadcasting/broadcaster';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import type { ActingIn } from '../../tenancy/acting';
import { inTransaction } from '../../lib/unit-of-work';
import { assertWithinLimit } from '../../account/limits';
import * as bulk from './bulk-repository';
import type { BoardUserBulkInput } from './bulk-schema';
import { MAX_BULK } from './bulk-schema';
import { MAX_TAGS } from './schema';
import { ValidationError } from '../../errors';
import { exportRows } from './repository';
import { msg } from '../../i18n/message';
import type { ActivityKind } from '../../../shared/activity-kinds';
import { endLapsedAccess } from '../portal-access/ending';

export interface BulkResult {
  action: BoardUserBulkInput['action'];
  /** Records selected. */
  selected: number;
  /** The ids really changed (those already so are left out). */
  changed: number[];
  /** Why some selected records were left alone, when it is not obvious. */
  note: string | null;
}

/** What happened, for the flash message (translated when shown). */
export function doneMessage(input: BoardUserBulkInput, n: number): string {
  const tag = 'tag' in input ? input.tag : '';
  return msg(`messages.boardUsers.bulk.${input.action}`, { count: n, status: input.action === 'status' ? input.status : '', tag });
}

const KINDS = {
  status: 'board_user.bulk_updated',
  add_tag: 'board_user.bulk_updated',
  remove_tag: 'board_user.bulk_updated',
  delete: 'board_user.bulk_deleted',
  restore: 'board_user.bulk_restored',
} as const satisfies Record<BoardUserBulkInput['action'], ActivityKind>;

/**
 * The ids a bulk action may touch: with ticked ids, every one must have been found in the
 * organisation (one that was not is a 404, and nothing changes); "all matching" is capped.
 */
export function checkedSelection(input: { all: boolean; ids: number[] }, found: number[]): number[] {
  if (!input.all && found.length !== new Set(input.ids).size) throw new HttpError(404);
  if (found.length > MAX_BULK) throw new ValidationError({ ids: msg('validation.bulk.tooManyMatching', { max: MAX_BULK }) });
  return found;
}

/**
 * One bulk action in one transaction with one activity entry naming every changed id. Selected
 * ids are checked against the organisation first: one that is not its own makes the whole
 * request a 404 (and changes nothing).
 */
export async function bulkBoardUsers(ctx: AppContext, acting: ActingIn, input: BoardUserBulkInput): Promise<BulkResult> {
  const org = acting.organization.id;
  return inTransaction(ctx, acting, async (uow) => {
    const ids = checkedSelection(input, await bulk.lockSelected(uow.db, org, input));
    const now = ctx.clock.now();
    let changed: number[] = [];
    let note: string | null = null;
    if (ids.length) {
      switch (input.action) {
        case 'status':
          changed = await bulk.setStatus(uow.db, org, ids, input.status, now);
          break;
        case 'add_tag': {
          const full = await bulk.fullOfTags(uow.db, org, ids, input.tag, MAX_TAGS);
          if (full) note = msg('messages.boardUsers.bulk.tagsFull', { count: full, max: MAX_TAGS });
          changed = await bulk.addTag(uow.db, org, ids, input.tag, MAX_TAGS, now);
          break;
        }
        case 'remove_tag':
          changed = await bulk.removeTag(uow.db, org, ids, input.tag, now);
          break;
        case 'delete':
          changed = await bulk.softDelete(uow.db, org, ids, now);
          break;
        case 'restore': {
          const trashed = await bulk.trashedAmong(uow.db, org, ids);
          if (trashed.length) await assertWithinLimit(uow.db, org, 'boardUsers', { adding: trashed.length, field: 'ids', now });
          changed = await bulk.restore(uow.db, org, trashed, now);
          break;
        }
      }
    }
    changed.sort((a, b) => a - b);
    if (changed.length) {
      await uow.log({
        organization_id: org,
        kind: KINDS[input.action],
        subject_id: null,
        facts: { count: changed.length, action: input.action, status: input.action === 'status' ? input.status : undefined, tag: 'tag' in input ? input.tag : undefined },
        properties: {
          ids: changed,
          attributes: { action: input.action, ...(input.action === 'status' ? { status: input.status } : {}), ...('tag' in input ? { tag: input.tag } : {}) },
        },
      });
      uow.broadcast({ channels: [channels.organization(org)], event: 'BoardUserChanged', data: { id: 0, action: `bulk_${input.action}` } });
      // Made inactive or deleted: their portal access ends with it (after the bulk entry).
      if (input.action === 'status' || input.action === 'delete') await endLapsedAccess(uow, org, changed, now);
    }
    return { action: input.action, selected: ids.length, changed, note };
  });
}

/** The rows of an export of the selection; an id of another organisation is a 404. */
export async function exportSelection(ctx: AppContext, organizationId: number, selection: { all: boolean; ids: number[]; filters: Parameters<typeof exportRows>[2] }) {
  if (selection.all) return exportRows(ctx.db, organizationId, selection.filters);
  if ((await bulk.countOwn(ctx.db, organizationId, selection.ids)) !== new Set(selection.ids).size) throw new HttpError(404);
  return bulk.exportRowsByIds(ctx.db, organizationId, selection.ids);
}
