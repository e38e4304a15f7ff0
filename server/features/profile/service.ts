import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { lastOwnerMessages } from '../../tenancy/policy';
import { lockOwnershipsOf } from '../../tenancy/repository';
import { ValidationError } from '../../errors';
import { diff, inTransaction } from '../../lib/unit-of-work';
import type { Acting } from '../../tenancy/acting';
import { sendVerificationMail } from '../auth/mails';
import { hashPassword } from '../../lib/passwords';
import { currentPasswordCheck, requireCurrentPassword, WRONG_CURRENT_PASSWORD } from '../../account/password-guard';
import { isUniqueViolation } from '../../db/errors';
import { EMAIL_TAKEN } from '../auth/service';
import { deleteUser, updateUser } from '../../account/user-repository';
import { revokeRememberTokens } from '../auth/token-repository';
import { deleteSessionsOfUser } from '../../http/session-repository';

/** PUT /password's check of the current password: the guard, run with the form's other checks so every problem shows at once. */
export const currentPasswordChecks = (ctx: AppContext, acting: Acting) => ({ current_password: currentPasswordCheck(ctx, acting, WRONG_CURRENT_PASSWORD) });

/** The new address was checked by validation (emailAvailable); the unique index settles a race. */
export async function updateProfile(ctx: AppContext, acting: Acting, input: { name: string; email: string }): Promise<{ emailChanged: boolean; user: User }> {
  const user = acting.user;
  const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
  let updated: User;
  try {
    updated = await inTransaction(ctx, acting, async (uow) => {
      const next = await updateUser(uow.db, user.id, { name: input.name, email: input.email, ...(emailChanged ? { email_verified_at: null } : {}) });
      const changes = diff(user, next, ['name', 'email']);
      if (changes.changed) {
        await uow.log({ organization_id: null, kind: 'user.updated', subject_id: user.id, properties: { old: changes.old, attributes: changes.attributes } });
      }
      if (emailChanged) await sendVerificationMail(ctx, uow, next);
      return next;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ email: EMAIL_TAKEN });
    throw error;
  }
  return { emailChanged, user: updated };
}

/**
 * Other devices must sign in again; the caller gives this browser a new session id. The current
 * password was checked by validation (`currentPasswordChecks`), once.
 */
export async function updatePassword(ctx: AppContext, acting: Acting, input: { password: string }): Promise<void> {
  const user = acting.user;
  const hashed = await hashPassword(input.password);
  await inTransaction(ctx, acting, async (uow) => {
    await updateUser(uow.db, user.id, { password: hashed });
    // Other devices must sign in again with the new password.
    await deleteSessionsOfUser(uow.db, user.id);
    await revokeRememberTokens(uow.db, user.id);
    await uow.log({ organization_id: null, kind: 'user.password_changed', subject_id: user.id });
  });
}

/**
 * Deletes the account unless that would leave an organisation without an owner. The check runs
 * inside the transaction under the owners' row lock (tenancy/repository.ts `lockOwnershipsOf`),
 * so a concurrent demotion or removal of the other owner either waits for this one or is seen by it.
 */
export async function deleteAccount(ctx: AppContext, acting: Acting, password: string): Promise<void> {
  const user = acting.user;
  await requireCurrentPassword(ctx, acting, password);
  await inTransaction(ctx, acting, async (uow) => {
    const orphaned = (await lockOwnershipsOf(uow.db, user.id)).filter((o) => o.owners <= 1);
    if (orphaned.length) throw new ValidationError({ password: lastOwnerMessages.deleteAccount(orphaned.map((o) => o.name)) });
    await deleteUser(uow.db, user.id);
    // Tabs still open elsewhere must stop hearing their organisations.
    uow.afterCommit(() => ctx.broadcaster.terminateUser(user.id));
  });
}
