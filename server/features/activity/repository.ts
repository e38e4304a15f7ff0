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
