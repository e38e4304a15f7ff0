import type { Db, PortalDelivery } from '../../db/types';

/** The member's own settings row, locked for the change. */
export function lockSettings(db: Db, memberId: number) {
  return db.selectFrom('portal_members').select(['id', 'delivery', 'locale']).where('id', '=', memberId).forUpdate().executeTakeFirst();
}

export async function updateSettings(db: Db, memberId: number, values: { delivery: PortalDelivery; locale: string }, at: Date): Promise<void> {
  await db
    .updateTable('portal_members')
    .set({ ...values, updated_at: at })
    .where('id', '=', memberId)
    .execute();
}
