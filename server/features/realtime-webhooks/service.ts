import type { AppContext } from '../../context';
import { parseChannel } from '../../../shared/channels';
import { recordPresence } from './repository';
import type { WebhookBatch } from './schema';

const MAX_ID = 2_147_483_647;

export interface PresenceReport {
  online: number;
  offline: number;
  ignored: number;
}

/**
 * Keeps members' online state and "last seen" from `member_added` / `member_removed`: the
 * realtime server sends those once per user and channel across all its nodes (first join, last
 * leave). The batch's time orders them; a batch from the future (a skewed clock) counts as now.
 */
export async function applyPresenceEvents(ctx: AppContext, batch: WebhookBatch): Promise<PresenceReport> {
  const report: PresenceReport = { online: 0, offline: 0, ignored: 0 };
  const at = new Date(Math.min(batch.time_ms, ctx.clock.now().getTime()));
  await ctx.db.transaction().execute(async (trx) => {
    for (const event of batch.events) {
      const online = event.name === 'member_added';
      if (!online && event.name !== 'member_removed') continue;
      // The presence channel every signed-in page of an organisation joins (shared/channels.ts).
      const channel = parseChannel(event.channel);
      const organizationId = channel?.kind === 'online' ? channel.id : NaN;
      const userId = /^\d{1,10}$/.test(event.user_id ?? '') ? Number(event.user_id) : NaN;
      const valid = organizationId >= 1 && organizationId <= MAX_ID && userId >= 1 && userId <= MAX_ID;
      if (valid && (await recordPresence(trx, organizationId, userId, online, at))) report[online ? 'online' : 'offline']++;
      else report.ignored++;
    }
  });
  return report;
}
