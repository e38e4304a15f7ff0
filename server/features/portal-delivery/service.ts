import type { AppContext } from '../../context';
import type { PortalDelivery } from '../../db/types';
import { inTransaction, systemActor, type UnitOfWork } from '../../lib/unit-of-work';
import * as repo from './repository';
import { sendDigestMail, sendInstantMail } from './mails';

/**
 * Telling board members of insights written for them (issue #27 "Delivery"). A notice is
 * recorded, in the transaction that published the insight or linked the board user, once per
 * insight and board-user record however often it is published or linked again; members who want
 * it at once get their mail queued in the same transaction (the outbox), the daily ones wait for
 * the digest, those who chose "off" get no notice at all.
 */
export async function notifyBoardMembers(ctx: AppContext, uow: UnitOfWork, organizationId: number, insightIds: number[]): Promise<void> {
  const now = ctx.clock.now();
  const created = await repo.recordNotifications(uow.db, organizationId, insightIds, now);
  if (created.length === 0) return;
  const instant = await repo.instantMemberIds(uow.db, [...new Set(created.map((n) => n.portal_member_id))]);
  const ids = created.filter((n) => instant.has(n.portal_member_id)).map((n) => n.id);
  if (ids.length === 0) return; // only daily members: the digest tells them
  const notices = await repo.deliverableNotices(uow.db, { ids });
  const byMember = new Map<number, repo.NoticeRow[]>();
  for (const notice of notices) byMember.set(notice.portal_member_id, [...(byMember.get(notice.portal_member_id) ?? []), notice]);
  for (const memberNotices of byMember.values()) await sendInstantMail(ctx, uow, memberNotices);
  await repo.markSent(
    uow.db,
    notices.map((n) => n.id),
    now,
  );
}

/** The digest goes with the scheduler's first run from this hour (UTC) of each day. */
export const DIGEST_HOUR_UTC = 7;

export interface DigestReport {
  sent: number;
  failed: number;
}

const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * The daily digest: once a UTC day (from DIGEST_HOUR_UTC), every member who chose it and has
 * unsent notices gets one mail listing them, by organisation; those notices are marked sent and
 * the member's `digest_sent_at` set, in one transaction per member. Idempotent: a second run the
 * same day (or a second scheduler at the same moment, which waits on the member's row lock)
 * finds the digest sent. A notice whose record lost its access since, or whose insight is no
 * longer published, is left out.
 */
export async function runPortalDigests(ctx: AppContext): Promise<DigestReport> {
  const report: DigestReport = { sent: 0, failed: 0 };
  const now = ctx.clock.now();
  if (now.getUTCHours() < DIGEST_HOUR_UTC) return report;
  const dayStart = startOfUtcDay(now);
  for (const memberId of await repo.dueDigestMembers(ctx.db, dayStart)) {
    try {
      const sent = await inTransaction(ctx, systemActor, async (uow) => {
        const member = await repo.lockMember(uow.db, memberId);
        if (member?.delivery !== 'daily' || (member.digest_sent_at && member.digest_sent_at >= dayStart)) return false;
        const notices = await repo.deliverableNotices(uow.db, { memberId });
        if (notices.length === 0) return false;
        await sendDigestMail(ctx, uow, member, notices);
        await repo.markSent(
          uow.db,
          notices.map((n) => n.id),
          now,
        );
        await repo.markDigestSent(uow.db, memberId, now);
        return true;
      });
      if (sent) report.sent += 1;
    } catch (error) {
      report.failed += 1;
      ctx.logger.error({ err: error, portal_member_id: memberId }, 'portal digest failed');
    }
  }
  return report;
}

/**
 * The member changed how they are told: turned off, what was waiting is settled (never sent later,
 * all at once); turned to "at once", what was waiting for the digest goes now, in one mail.
 */
export async function deliveryChanged(ctx: AppContext, uow: UnitOfWork, memberId: number, delivery: PortalDelivery): Promise<void> {
  const now = ctx.clock.now();
  if (delivery === 'off') return repo.settlePending(uow.db, memberId, now);
  if (delivery !== 'instant') return;
  const notices = await repo.deliverableNotices(uow.db, { memberId });
  await sendInstantMail(ctx, uow, notices);
  await repo.markSent(
    uow.db,
    notices.map((n) => n.id),
    now,
  );
}
