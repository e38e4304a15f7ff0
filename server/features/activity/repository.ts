import type { Insertable } from 'kysely';
import type { ActivityLogsTable, ActivityProperties, Db } from '../../db/types';

export type ActivityInput = Omit<Insertable<ActivityLogsTable>, 'properties'> & { properties?: ActivityProperties };

export async function insertActivity(db: Db, entry: ActivityInput) {
  return db
    .insertInto('activity_logs')
    .values({ ...entry, properties: JSON.stringify(entry.properties ?? {}) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function causerName(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}
