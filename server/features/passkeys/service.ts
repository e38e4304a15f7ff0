import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import * as ceremony from '../../account/webauthn';
import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { HttpError, ValidationError } from '../../errors';
import type { Acting } from '../../tenancy/acting';
import { inTransaction } from '../../lib/unit-of-work';
import { findUserById } from '../../account/user-repository';
import { securityMail } from '../../account/security-mail';
import * as repo from './repository';
import { msg } from '../../i18n/message';

export interface PasskeySummary {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export async function list(ctx: AppContext, userId: number): Promise<PasskeySummary[]> {
  return (await repo.userPasskeys(ctx.db, userId)).map((p) => ({
    id: p.id,
    name: p.name,
    created_at: p.created_at.toISOString(),
    last_used_at: p.last_used_at?.toISOString() ?? null,
  }));
}

/** Discoverable credentials with user verification: the passkey alone is both factors. */
export async function registrationOptions(ctx: AppContext, user: User): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return ceremony.registrationOptions(ctx, { handle: `user:${user.id}`, name: user.email, displayName: user.name }, await repo.userPasskeys(ctx.db, user.id));
}

export async function register(ctx: AppContext, acting: Acting, input: { name: string; credential: unknown }, expectedChallenge: string | undefined) {
  const user = acting.user;
  const credential = await ceremony.verifyRegistration(ctx, input.credential, expectedChallenge);
  if (await repo.findByCredentialId(ctx.db, credential.credential_id)) throw new ValidationError({ credential: msg('validation.passkeys.duplicate') });
  await inTransaction(ctx, acting, async (uow) => {
    await repo.insertPasskey(uow.db, {
      user_id: user.id,
      name: input.name,
      ...credential,
      created_at: ctx.clock.now(),
    });
    await uow.log({ organization_id: null, kind: 'user.passkey_added', subject_id: user.id, facts: { passkey: input.name } });
    await uow.mail(securityMail(ctx, user, msg('mail.security.passkeyAdded.subject'), [msg('mail.security.passkeyAdded.line', { name: input.name })]));
  });
}

export async function owns(ctx: AppContext, userId: number, id: number): Promise<boolean> {
  return !!(await repo.findUserPasskey(ctx.db, userId, id));
}

export async function rename(ctx: AppContext, acting: Acting, id: number, name: string): Promise<void> {
  const user = acting.user;
  await inTransaction(ctx, acting, async (uow) => {
    if (!(await repo.renamePasskey(uow.db, user.id, id, name))) throw new HttpError(404);
    await uow.log({ organization_id: null, kind: 'user.passkey_renamed', subject_id: user.id, facts: { passkey: name } });
  });
}

export async function remove(ctx: AppContext, acting: Acting, id: number): Promise<void> {
  const user = acting.user;
  await inTransaction(ctx, acting, async (uow) => {
    const removed = await repo.deletePasskey(uow.db, user.id, id);
    if (!removed) throw new HttpError(404);
    await uow.log({ organization_id: null, kind: 'user.passkey_removed', subject_id: user.id, facts: { passkey: removed.name } });
    await uow.mail(securityMail(ctx, user, msg('mail.security.passkeyRemoved.subject'), [msg('mail.security.passkeyRemoved.line', { name: removed.name })]));
  });
}

export const authenticationOptions = ceremony.authenticationOptions;

export const PASSKEY_REFUSED = msg('validation.passkeys.refused');

/** The user a passkey assertion proves, after the library's challenge, origin, RP ID, signature and counter checks. */
export async function authenticate(ctx: AppContext, credential: unknown, expectedChallenge: string | undefined): Promise<User> {
  if (!expectedChallenge) throw new ValidationError({ passkey: msg('validation.passkeys.expired') });
  const passkey = await repo.findByCredentialId(ctx.db, ceremony.assertionCredentialId(credential));
  if (!passkey) throw new ValidationError({ passkey: PASSKEY_REFUSED });
  const previous = Number(passkey.counter);
  const counter = await ceremony.verifyAssertion(ctx, credential, expectedChallenge, passkey);
  if (counter === null) throw new ValidationError({ passkey: PASSKEY_REFUSED });
  // Authenticators that keep no counter send 0 every time; one that does must move forward (the library checks that).
  if (!(await repo.recordUse(ctx.db, passkey.id, previous, counter, ctx.clock.now()))) throw new ValidationError({ passkey: PASSKEY_REFUSED });
  const user = await findUserById(ctx.db, passkey.user_id);
  if (!user) throw new ValidationError({ passkey: PASSKEY_REFUSED });
  return user;
}
