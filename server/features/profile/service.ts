import type { Request } from 'express';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Db, User } from '../../db/types';
import { ValidationError } from '../../http/errors';
import { actorFrom, diff, inTransaction } from '../../lib/unit-of-work';
import { sendVerificationMail } from '../auth/mails';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { EMAIL_TAKEN, isUniqueViolation } from '../auth/service';
import { updateUser } from '../auth/user-repository';

export const WRONG_CURRENT_PASSWORD = 'The provided password does not match your current password.';
export const WRONG_PASSWORD = 'The provided password is incorrect.';

/** Validation check: `password` is the signed-in user's password. */
export const passwordMatches =
  (user: User, message = WRONG_PASSWORD) =>
  async (password: string): Promise<string | null> =>
    (await verifyPassword(user.password, password)) ? null : message;

/** The new address was checked by validation (emailAvailable); the unique index settles a race. */
export async function updateProfile(ctx: AppContext, req: Request, input: { name: string; email: string }): Promise<{ emailChanged: boolean }> {
  const user = req.user!;
  const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
  let updated: User;
  try {
    updated = await inTransaction(ctx, actorFrom(req), async (uow) => {
      const next = await updateUser(uow.db, user.id, { name: input.name, email: input.email, ...(emailChanged ? { email_verified_at: null } : {}) });
      const changes = diff(user, next, ['name', 'email']);
      if (changes.changed) {
        await uow.log({ organization_id: null, event: 'updated', subject_type: 'user', subject_id: user.id, description: `${next.name} updated their profile`, properties: { old: changes.old, attributes: changes.attributes } });
      }
      if (emailChanged) await sendVerificationMail(ctx, uow, next);
      return next;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ email: EMAIL_TAKEN });
    throw error;
  }
  req.user = updated;
  return { emailChanged };
}

export async function updatePassword(ctx: AppContext, req: Request, input: { current_password: string; password: string }): Promise<void> {
  const user = req.user!;
  const wrong = await passwordMatches(user, WRONG_CURRENT_PASSWORD)(input.current_password);
  if (wrong) throw new ValidationError({ current_password: wrong });
  const hashed = await hashPassword(input.password);
  await inTransaction(ctx, actorFrom(req), async (uow) => {
    await updateUser(uow.db, user.id, { password: hashed });
    // Other devices must sign in again with the new password.
    await uow.db.deleteFrom('sessions').where('user_id', '=', user.id).where('id', '!=', '').execute();
    await uow.db.deleteFrom('remember_tokens').where('user_id', '=', user.id).execute();
    await uow.log({ organization_id: null, event: 'password_changed', subject_type: 'user', subject_id: user.id, description: `${user.name} changed their password` });
  });
  // This browser stays signed in, under a new session id.
  req.session.regenerate();
}

/** Organisations where this user is the only owner: deleting the account would orphan them. */
export async function organizationsOnlyOwnedBy(db: Db, userId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name'])
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'owner')
    .where('o.deleted_at', 'is', null)
    .where(({ selectFrom }) =>
      selectFrom('memberships as m2')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('m2.organization_id', '=', 'o.id')
        .where('m2.role', '=', 'owner'),
      '=',
      sql<number>`1`,
    )
    .execute();
}

export async function deleteAccount(ctx: AppContext, req: Request, password: string): Promise<void> {
  const user = req.user!;
  const wrong = await passwordMatches(user)(password);
  if (wrong) throw new ValidationError({ password: wrong });
  const orphaned = await organizationsOnlyOwnedBy(ctx.db, user.id);
  if (orphaned.length) {
    const names = orphaned.map((o) => o.name).join(', ');
    throw new ValidationError({
      password: `You are the last owner of ${names}. Transfer ownership or delete ${orphaned.length === 1 ? 'that organization' : 'those organizations'} first.`,
    });
  }
  await inTransaction(ctx, actorFrom(req), async (uow) => {
    await uow.db.deleteFrom('users').where('id', '=', user.id).execute();
    // Tabs still open elsewhere must stop hearing their organisations.
    uow.afterCommit(() => ctx.broadcaster.terminateUser(user.id));
  });
}
