import type { AppContext } from '../../context';
import { channels } from '../../broadcasting/broadcaster';
import { orFail } from '../../errors';
import { renderMarkdown } from '../../lib/markdown';
import { inTransaction, type Actor, type UnitOfWork } from '../../lib/unit-of-work';
import { recordIn, type PortalIdentity } from '../../tenancy/portal';
import type { ReceiptState } from '../../../shared/portal';
import * as repo from './repository';

/** An insight's status for the board member reading it. */
export const receiptState = (row: { read_at: Date | null; acknowledged_at: Date | null }): ReceiptState => (row.acknowledged_at ? 'acknowledged' : row.read_at ? 'read' : 'new');

/**
 * Staff hear that an insight's readiness changed, on the organisation's channel: only which
 * insight, never who read it nor how many (their page asks for the counts it may show).
 */
function announce(uow: UnitOfWork, organizationId: number, insightId: number) {
  uow.broadcast({ channels: [channels.organization(organizationId)], event: 'InsightReadinessChanged', data: { id: insightId } });
}

/** The director's home: their insights, grouped by organisation (in the order of their records). */
export async function home(ctx: AppContext, portal: PortalIdentity) {
  const [rows, counts] = await Promise.all([repo.portalInsights(ctx.db, portal.records), repo.portalInsightCounts(ctx.db, portal.records)]);
  const groups = portal.records.map((record) => ({
    organization: { id: record.organization_id, name: record.organization_name },
    insights: rows
      .filter((row) => row.organization_id === record.organization_id)
      .map((row) => ({ id: row.id, title: row.title, summary: row.summary, category: row.category, published_at: row.published_at, status: receiptState(row) })),
  }));
  return { groups, unreadCount: counts.unread, total: counts.total, shown: rows.length };
}

/** One insight for its reader; the read is recorded (once) and staff hear of it. */
export async function read(ctx: AppContext, portal: PortalIdentity, actor: Actor, id: number) {
  const row = orFail(await repo.portalInsight(ctx.db, portal.records, id));
  const record = recordIn(portal, row.organization_id);
  const now = ctx.clock.now();
  let readAt = row.read_at;
  if (!readAt) {
    await inTransaction(ctx, actor, async (uow) => {
      if (await repo.recordRead(uow.db, { insight_id: row.id, board_user_id: row.board_user_id, organization_id: row.organization_id }, now)) announce(uow, row.organization_id, row.id);
    });
    readAt = now;
  }
  return {
    insight: {
      id: row.id,
      title: row.title,
      summary: row.summary,
      category: row.category,
      published_at: row.published_at,
      body_html: renderMarkdown(row.body),
      status: receiptState({ read_at: readAt, acknowledged_at: row.acknowledged_at }),
      read_at: readAt,
      acknowledged_at: row.acknowledged_at,
    },
    organization: { id: record.organization_id, name: record.organization_name, namedReadReceipts: record.named_read_receipts },
  };
}

/** "I have read and understood": recorded once (with the read, if it was not yet); staff hear of it. */
export async function acknowledge(ctx: AppContext, portal: PortalIdentity, actor: Actor, id: number): Promise<{ changed: boolean }> {
  const row = orFail(await repo.portalInsight(ctx.db, portal.records, id));
  recordIn(portal, row.organization_id);
  if (row.acknowledged_at) return { changed: false };
  return inTransaction(ctx, actor, async (uow) => {
    const changed = await repo.recordAcknowledgement(uow.db, { insight_id: row.id, board_user_id: row.board_user_id, organization_id: row.organization_id }, ctx.clock.now());
    if (changed) announce(uow, row.organization_id, row.id);
    return { changed };
  });
}
