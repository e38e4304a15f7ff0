import { channels } from '../../broadcasting/broadcaster';
import type { AppContext } from '../../context';
import type { OrgActor } from '../../tenancy/acting';
import { isUniqueViolation } from '../../db/errors';
import type { BoardUser, Db } from '../../db/types';
import { ValidationError } from '../../errors';
import { ensureCurrentVersion, type Version } from '../../lib/concurrency';
import { diff, inTransaction, type UnitOfWork } from '../../lib/unit-of-work';
import { orFail } from '../../errors';
import { assertWithinLimit } from '../../account/limits';
import * as repo from './repository';
import type { BoardUserInput } from './schema';
import { msg } from '../../i18n/message';
import { LOGGED_FIELDS } from '../../../shared/board-user-fields';
import { endLapsedAccess } from '../portal-access/ending';

/** Fields that go into the activity log diff (shared/board-user-fields.ts: notes, long free text, are left out). */
const LOGGED: (keyof BoardUser)[] = LOGGED_FIELDS;

export const fullName = (b: Pick<BoardUser, 'first_name' | 'last_name'>) => `${b.first_name} ${b.last_name}`;

const EMAIL_TAKEN = msg('validation.boardUsers.emailTaken');

function announce(uow: UnitOfWork, organizationId: number, id: number, action: string) {
  uow.broadcast({ channels: [channels.organization(organizationId)], event: 'BoardUserChanged', data: { id, action } });
}

/** Validation check (and, inside the write's transaction, its guard): no other board user of the organisation has this address. */
export const emailFree =
  (db: Db, organizationId: number, exceptId?: number) =>
  async (email: string | null): Promise<string | null> =>
    email && (await repo.emailTaken(db, organizationId, email, exceptId)) ? EMAIL_TAKEN : null;

async function guardEmail(uow: UnitOfWork, organizationId: number, email: string | null, exceptId?: number) {
  const taken = await emailFree(uow.db, organizationId, exceptId)(email);
  if (taken) throw new ValidationError({ email: taken });
}

export async function createBoardUser(ctx: AppContext, acting: OrgActor, input: BoardUserInput): Promise<BoardUser> {
  const org = acting.organization;
  try {
    return await inTransaction(ctx, acting, async (uow) => {
      await assertWithinLimit(uow.db, org.id, 'boardUsers', { now: ctx.clock.now() });
      await guardEmail(uow, org.id, input.email);
      const row = await repo.insertBoardUser(uow.db, org.id, input, ctx.clock.now());
      await uow.log({
        organization_id: org.id,
        kind: 'board_user.created',
        subject_id: row.id,
        properties: { attributes: diff({} as BoardUser, row, LOGGED).attributes },
      });
      announce(uow, org.id, row.id, 'created');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ email: EMAIL_TAKEN });
    throw error;
  }
}

export async function updateBoardUser(ctx: AppContext, acting: OrgActor, id: number, input: BoardUserInput, version?: Version): Promise<BoardUser> {
  const org = acting.organization;
  try {
    return await inTransaction(ctx, acting, async (uow) => {
      const before = orFail(await repo.lockBoardUser(uow.db, org.id, id));
      ensureCurrentVersion(before.updated_at, version);
      await guardEmail(uow, org.id, input.email, id);
      const changes = diff(before, input, LOGGED);
      const notesChanged = (before.notes ?? null) !== (input.notes ?? null);
      if (!changes.changed && !notesChanged) return before;
      const row = await repo.updateBoardUser(uow.db, org.id, id, input, ctx.clock.now());
      await uow.log({
        organization_id: org.id,
        kind: 'board_user.updated',
        subject_id: id,
        properties: { old: changes.old, attributes: changes.attributes, ...(notesChanged ? { notes_changed: true } : {}) },
      });
      // Made inactive or given another e-mail: their portal access ends with it.
      await endLapsedAccess(uow, org.id, [id], ctx.clock.now());
      announce(uow, org.id, id, 'updated');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ email: EMAIL_TAKEN });
    throw error;
  }
}

export async function deleteBoardUser(ctx: AppContext, acting: OrgActor, id: number): Promise<BoardUser> {
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    const before = orFail(await repo.lockBoardUser(uow.db, org.id, id));
    if (before.deleted_at) return before;
    const row = await repo.updateBoardUser(uow.db, org.id, id, { deleted_at: ctx.clock.now() }, ctx.clock.now());
    await uow.log({ organization_id: org.id, kind: 'board_user.deleted', subject_id: id });
    await endLapsedAccess(uow, org.id, [id], ctx.clock.now());
    announce(uow, org.id, id, 'deleted');
    return row;
  });
}

export async function restoreBoardUser(ctx: AppContext, acting: OrgActor, id: number): Promise<BoardUser> {
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    const before = orFail(await repo.lockBoardUser(uow.db, org.id, id));
    if (!before.deleted_at) return before;
    await assertWithinLimit(uow.db, org.id, 'boardUsers', { now: ctx.clock.now() });
    const row = await repo.updateBoardUser(uow.db, org.id, id, { deleted_at: null }, ctx.clock.now());
    await uow.log({ organization_id: org.id, kind: 'board_user.restored', subject_id: id });
    announce(uow, org.id, id, 'restored');
    return row;
  });
}
