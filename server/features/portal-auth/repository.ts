import type { UnitOfWork } from '../../lib/unit-of-work';
import type { PortalRecord } from '../../tenancy/portal-repository';

/**
 * A board member signed in: their records are active from now on, and each organisation whose
 * board they serve sees the sign-in in its log (the board member is the subject, no staff causer).
 */
export async function recordSignIn(uow: UnitOfWork, memberId: number, records: PortalRecord[], method: 'link' | 'passkey', now: Date): Promise<void> {
  await uow.db.updateTable('portal_members').set({ last_signed_in_at: now, updated_at: now }).where('id', '=', memberId).execute();
  await uow.db
    .updateTable('board_user_portal_access')
    .set({ activated_at: now })
    .where('portal_member_id', '=', memberId)
    .where('activated_at', 'is', null)
    .where(
      'board_user_id',
      'in',
      records.map((r) => r.board_user_id),
    )
    .execute();
  for (const record of records) {
    await uow.log({ organization_id: record.organization_id, kind: 'board_user.portal_signed_in', subject_id: record.board_user_id, facts: { method } });
  }
}
