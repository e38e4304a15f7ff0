import type { ActivityLog } from '../../lib/unit-of-work';
import { enqueueWebhooks } from '../webhooks/enqueue';
import { presentActivity } from './presenter';
import { causerName, insertActivity } from './repository';

/**
 * The activity log as the unit of work writes it (wired into the context by bootstrap). An
 * organisation's entry also queues its outgoing webhooks in the same transaction.
 */
export const activityLog: ActivityLog = {
  async write(db, entry, actor) {
    const row = await insertActivity(db, entry);
    if (row.organization_id === null) return { row, live: null };
    const name = row.causer_id === null ? null : row.causer_id === actor.user?.id ? actor.user.name : await causerName(db, row.causer_id);
    await enqueueWebhooks(db, row, actor, name);
    return { row, live: presentActivity({ ...row, causer_name: name }) };
  },
};
