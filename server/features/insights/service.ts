import { channels } from '../../broadcasting/broadcaster';
import type { AppContext } from '../../context';
import type { OrgActor } from '../../tenancy/acting';
import type { Db, Insight } from '../../db/types';
import { ValidationError } from '../../errors';
import { randomToken } from '../../lib/crypto';
import { ensureCurrentVersion, type Version } from '../../lib/concurrency';
import { diff, inTransaction, type UnitOfWork } from '../../lib/unit-of-work';
import { assertWithinLimit } from '../../account/limits';
import { existingBoardUserIds } from '../board-users/repository';
import { orFail } from '../../errors';
import * as repo from './repository';
import { INVALID_BOARD_USERS, type InsightInput } from './schema';
import { msg } from '../../i18n/message';
import { LOGGED_INSIGHT_FIELDS } from '../../../shared/insight-fields';
import { notifyBoardMembers } from '../portal-delivery/service';

/** 24 random bytes = 192 bits, 32 URL-safe characters. */
export const SHARE_TOKEN_BYTES = 24;

/** Logged fields (the body is long: only whether it changed is logged; links as id lists). */
const LOGGED: (keyof Insight)[] = LOGGED_INSIGHT_FIELDS;

export const NOT_SHAREABLE = msg('validation.insights.notShareable');

function announce(uow: UnitOfWork, organizationId: number, id: number, action: string) {
  uow.broadcast({ channels: [channels.organization(organizationId)], event: 'InsightChanged', data: { id, action } });
}

/** Validation check (and, inside the write's transaction, its guard): every id is a board user of the organisation. */
export const boardUsersExist =
  (db: Db, organizationId: number) =>
  async (ids: number[]): Promise<string | null> =>
    ids.length && (await existingBoardUserIds(db, organizationId, ids)).length !== ids.length ? INVALID_BOARD_USERS : null;

async function checkBoardUsers(uow: UnitOfWork, organizationId: number, ids: number[]) {
  const invalid = await boardUsersExist(uow.db, organizationId)(ids);
  if (invalid) throw new ValidationError({ board_user_ids: invalid });
}

export async function createInsight(ctx: AppContext, acting: OrgActor, input: InsightInput): Promise<Insight> {
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    await assertWithinLimit(uow.db, org.id, 'insights', { now: ctx.clock.now() });
    const { board_user_ids, ...fields } = input;
    await checkBoardUsers(uow, org.id, board_user_ids);
    const row = await repo.insertInsight(uow.db, org.id, acting.user?.id ?? null, fields, ctx.clock.now());
    await repo.syncLinks(uow.db, org.id, row.id, board_user_ids);
    await uow.log({
      organization_id: org.id,
      kind: 'insight.created',
      subject_id: row.id,
      properties: { attributes: { ...diff({} as Insight, row, LOGGED).attributes, status: row.status, board_user_ids } },
    });
    announce(uow, org.id, row.id, 'created');
    return row;
  });
}

export async function updateInsight(ctx: AppContext, acting: OrgActor, id: number, input: InsightInput, version?: Version): Promise<Insight> {
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    const before = orFail(await repo.lockInsight(uow.db, org.id, id));
    ensureCurrentVersion(before.updated_at, version);
    const { board_user_ids, ...fields } = input;
    await checkBoardUsers(uow, org.id, board_user_ids);
    const beforeLinks = (await repo.linkedBoardUserIds(uow.db, org.id, id)).sort((a, b) => a - b);
    const afterLinks = [...board_user_ids].sort((a, b) => a - b);
    const changes = diff(before, fields, LOGGED);
    const bodyChanged = before.body !== fields.body;
    const linksChanged = beforeLinks.join(',') !== afterLinks.join(',');
    if (!changes.changed && !bodyChanged && !linksChanged) return before;
    const row = await repo.updateInsight(uow.db, org.id, id, fields, ctx.clock.now());
    if (linksChanged) {
      await repo.syncLinks(uow.db, org.id, id, board_user_ids);
      // A board user linked to a published insight is told of it (the others were told before).
      await notifyBoardMembers(ctx, uow, org.id, [id]);
    }
    await uow.log({
      organization_id: org.id,
      kind: 'insight.updated',
      subject_id: id,
      properties: {
        old: { ...changes.old, ...(linksChanged ? { board_user_ids: beforeLinks } : {}) },
        attributes: { ...changes.attributes, ...(linksChanged ? { board_user_ids: afterLinks } : {}) },
        ...(bodyChanged ? { body_changed: true } : {}),
      },
    });
    announce(uow, org.id, id, 'updated');
    return row;
  });
}

/** Shared steps of the small state changes: lock, change, log, announce. */
async function transition(
  ctx: AppContext,
  acting: OrgActor,
  id: number,
  step: (
    before: Insight,
    now: Date,
  ) => { values: Parameters<typeof repo.updateInsight>[3]; event: 'deleted' | 'restored' | 'published' | 'archived' | 'unshared'; properties?: Record<string, unknown> } | null,
): Promise<Insight> {
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    const before = orFail(await repo.lockInsight(uow.db, org.id, id));
    const now = ctx.clock.now();
    const change = step(before, now);
    if (!change) return before;
    const row = await repo.updateInsight(uow.db, org.id, id, change.values, now);
    await uow.log({ organization_id: org.id, kind: `insight.${change.event}`, subject_id: id, properties: change.properties ?? {} });
    // Published, or back from the bin while published: its board members are told (once each).
    if (change.event === 'published' || change.event === 'restored') await notifyBoardMembers(ctx, uow, org.id, [id]);
    announce(uow, org.id, id, change.event);
    return row;
  });
}

export const deleteInsight = (ctx: AppContext, acting: OrgActor, id: number) =>
  transition(ctx, acting, id, (b, now) =>
    b.deleted_at
      ? null
      : {
          // A deleted insight is never public: its link goes with it.
          values: { deleted_at: now, share_token: null, shared_at: null },
          event: 'deleted',
          properties: b.share_token ? { old: { shared: true }, attributes: { shared: false } } : {},
        },
  );

export const restoreInsight = (ctx: AppContext, acting: OrgActor, id: number) => transition(ctx, acting, id, (b) => (b.deleted_at ? { values: { deleted_at: null }, event: 'restored' } : null));

export const publishInsight = (ctx: AppContext, acting: OrgActor, id: number) =>
  transition(ctx, acting, id, (b, now) => {
    if (b.deleted_at) throw new ValidationError({ status: msg('validation.insights.deletedPublish') });
    if (b.status === 'published') return null;
    return {
      values: { status: 'published', published_at: b.published_at ?? now },
      event: 'published',
      properties: { old: { status: b.status }, attributes: { status: 'published' } },
    };
  });

export const archiveInsight = (ctx: AppContext, acting: OrgActor, id: number) =>
  transition(ctx, acting, id, (b) => {
    if (b.deleted_at) throw new ValidationError({ status: msg('validation.insights.deletedArchive') });
    if (b.status === 'archived') return null;
    return {
      // Archived insights are not public: an existing link is revoked with the archive.
      values: { status: 'archived', share_token: null, shared_at: null },
      event: 'archived',
      properties: { old: { status: b.status, ...(b.share_token ? { shared: true } : {}) }, attributes: { status: 'archived', ...(b.share_token ? { shared: false } : {}) } },
    };
  });

/** Shares (or re-shares: a new token, the old link stops working) a published insight. */
export async function shareInsight(ctx: AppContext, acting: OrgActor, id: number): Promise<{ insight: Insight; reshared: boolean }> {
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    const before = orFail(await repo.lockInsight(uow.db, org.id, id));
    if (before.deleted_at) throw new ValidationError({ share: msg('validation.insights.deletedShare') });
    // Re-sharing replaces the link: it takes no new one.
    if (!before.share_token) await assertWithinLimit(uow.db, org.id, 'publicLinks', { field: 'share', now: ctx.clock.now() });
    if (before.status !== 'published') throw new ValidationError({ share: NOT_SHAREABLE });
    const now = ctx.clock.now();
    const row = await repo.updateInsight(uow.db, org.id, id, { share_token: randomToken(SHARE_TOKEN_BYTES), shared_at: now }, now);
    await uow.log({
      organization_id: org.id,
      kind: 'insight.shared',
      subject_id: id,
      facts: { renewed: !!before.share_token },
      // The token itself is a secret: never logged.
      properties: { old: { shared: !!before.share_token }, attributes: { shared: true }, ...(before.share_token ? { reshared: true } : {}) },
    });
    announce(uow, org.id, id, 'shared');
    return { insight: row, reshared: !!before.share_token };
  });
}

export const unshareInsight = (ctx: AppContext, acting: OrgActor, id: number) =>
  transition(ctx, acting, id, (b) =>
    b.share_token
      ? {
          values: { share_token: null, shared_at: null },
          event: 'unshared',
          properties: { old: { shared: true }, attributes: { shared: false } },
        }
      : null,
  );
