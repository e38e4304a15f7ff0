import type { Db } from '../db/types';

/** The devices a user signed in from (hashed ids): read at every sign-in to tell a new device. */
export async function rememberDevice(db: Db, userId: number, deviceHash: string, now: Date): Promise<{ isNew: boolean; hadOthers: boolean }> {
  const before = await db.selectFrom('known_devices').select(['device_hash']).where('user_id', '=', userId).execute();
  const known = before.some((d) => d.device_hash === deviceHash);
  await db
    .insertInto('known_devices')
    .values({ user_id: userId, device_hash: deviceHash, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_seen_at: now }))
    .execute();
  return { isNew: !known, hadOthers: before.length > 0 };
}
