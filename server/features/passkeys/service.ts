import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { lazyPackage } from '../../lib/lazy-package';
import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { HttpError, ValidationError } from '../../errors';
import type { Acting } from '../../tenancy/acting';
import { inTransaction } from '../../lib/unit-of-work';
import { findUserById } from '../../account/user-repository';
import { securityMail } from '../../account/security-mail';
import * as repo from './repository';
import { msg } from '../../i18n/message';

// Its certificate parsers are a third of a second of `npm start` (issue #24): loaded with the first ceremony.
const webauthn = lazyPackage<typeof import('@simplewebauthn/server')>('@simplewebauthn/server');

/** The relying party is the app as APP_URL names it: its host is the RP ID, its origin the expected origin. */
export function relyingParty(ctx: AppContext) {
  const url = new URL(ctx.config.APP_URL);
  return { id: url.hostname, origin: url.origin, name: ctx.config.APP_NAME };
}

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
  const rp = relyingParty(ctx);
  const existing = await repo.userPasskeys(ctx.db, user.id);
  return webauthn().generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`user:${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

export async function register(ctx: AppContext, acting: Acting, input: { name: string; credential: unknown }, expectedChallenge: string | undefined) {
  const user = acting.user;
  if (!expectedChallenge) throw new ValidationError({ credential: msg('validation.passkeys.expired') });
  const rp = relyingParty(ctx);
  let verified: Awaited<ReturnType<ReturnType<typeof webauthn>['verifyRegistrationResponse']>>;
  try {
    verified = await webauthn().verifyRegistrationResponse({
      response: input.credential as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    ctx.logger.info({ err: error }, 'passkey registration refused');
    throw new ValidationError({ credential: msg('validation.passkeys.unverified') });
  }
  if (!verified.verified) throw new ValidationError({ credential: msg('validation.passkeys.unverified') });
  const { credential } = verified.registrationInfo;
  if (await repo.findByCredentialId(ctx.db, credential.id)) throw new ValidationError({ credential: msg('validation.passkeys.duplicate') });
  await inTransaction(ctx, acting, async (uow) => {
    await repo.insertPasskey(uow.db, {
      user_id: user.id,
      name: input.name,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
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

/** No allow-list: the browser offers the passkeys it holds for this site (discoverable, conditional UI). */
export function authenticationOptions(ctx: AppContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return webauthn().generateAuthenticationOptions({ rpID: relyingParty(ctx).id, userVerification: 'required' });
}

export const PASSKEY_REFUSED = msg('validation.passkeys.refused');

/** The user a passkey assertion proves, after the library's challenge, origin, RP ID, signature and counter checks. */
export async function authenticate(ctx: AppContext, credential: unknown, expectedChallenge: string | undefined): Promise<User> {
  const response = credential as AuthenticationResponseJSON;
  if (!expectedChallenge) throw new ValidationError({ passkey: msg('validation.passkeys.expired') });
  const passkey = await repo.findByCredentialId(ctx.db, response.id);
  if (!passkey) throw new ValidationError({ passkey: PASSKEY_REFUSED });
  const rp = relyingParty(ctx);
  const previous = Number(passkey.counter);
  let result: Awaited<ReturnType<ReturnType<typeof webauthn>['verifyAuthenticationResponse']>>;
  try {
    result = await webauthn().verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: { id: passkey.credential_id, publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')), counter: previous, transports: passkey.transports as never },
    });
  } catch (error) {
    ctx.logger.info({ err: error }, 'passkey sign-in refused');
    throw new ValidationError({ passkey: PASSKEY_REFUSED });
  }
  if (!result.verified) throw new ValidationError({ passkey: PASSKEY_REFUSED });
  // Authenticators that keep no counter send 0 every time; one that does must move forward (the library checks that).
  if (!(await repo.recordUse(ctx.db, passkey.id, previous, result.authenticationInfo.newCounter, ctx.clock.now()))) throw new ValidationError({ passkey: PASSKEY_REFUSED });
  const user = await findUserById(ctx.db, passkey.user_id);
  if (!user) throw new ValidationError({ passkey: PASSKEY_REFUSED });
  return user;
}
