import { channels } from '../../broadcasting/broadcaster';
import type { UnitOfWork } from '../../lib/unit-of-work';
import { voidLinks } from '../portal-auth/links';
import * as repo from './repository';

/**
 * The end of one access row, in the caller's transaction (revocation or a lapse): the member's
 * links into this organisation are voided (all of them when no record is left anywhere), and
 * their open portal tabs are told after commit. Their session ends on its next request
 * (tenancy/portal.ts asks the database every time).
 */
async function ended(uow: UnitOfWork, organizationId: number, organizationName: string, portalMemberId: number, now: Date): Promise<void> {
  if (await repo.hasRecords(uow.db, portalMemberId)) await repo.voidLinksInto(uow.db, portalMemberId, organizationId, now);
  else await voidLinks(uow.db, portalMemberId, now);
  uow.broadcast({ channels: [channels.portalMember(portalMemberId)], event: 'PortalAccessEnded', data: { organization: { id: organizationId, name: organizationName } } });
}

/** Revokes one board user's access (the row is deleted, logged as revoked); false when there was none. */
export async function revokeAccessRow(uow: UnitOfWork, organizationId: number, boardUserId: number, now: Date): Promise<boolean> {
  const [row] = await repo.deleteAccess(uow.db, organizationId, [boardUserId]);
  if (!row) return false;
  await uow.log({ organization_id: organizationId, kind: 'board_user.portal_access_revoked', subject_id: boardUserId });
  await ended(uow, organizationId, await repo.organizationName(uow.db, organizationId), row.portal_member_id, now);
  return true;
}

/**
 * Access ends on its own (docs/product.md "Board members"): call it in the transaction that made
 * any of `boardUserIds` inactive, deleted them or changed their e-mail, after the write. Each
 * access row that no longer holds is deleted and logged with its reason.
 */
export async function endLapsedAccess(uow: UnitOfWork, organizationId: number, boardUserIds: number[], now: Date): Promise<number> {
  const lapsed = await repo.lapsedAccess(uow.db, organizationId, boardUserIds);
  if (!lapsed.length) return 0;
  const deleted = new Set(
    (
      await repo.deleteAccess(
        uow.db,
        organizationId,
        lapsed.map((r) => r.board_user_id),
      )
    ).map((r) => r.board_user_id),
  );
  const name = await repo.organizationName(uow.db, organizationId);
  const members = new Set<number>();
  for (const row of lapsed) {
    if (!deleted.has(row.board_user_id)) continue;
    await uow.log({ organization_id: organizationId, kind: 'board_user.portal_access_ended', subject_id: row.board_user_id, facts: { reason: row.reason } });
    members.add(row.portal_member_id);
  }
  for (const memberId of members) await ended(uow, organizationId, name, memberId, now);
  return deleted.size;
}
