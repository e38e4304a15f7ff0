import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AppContext } from '../context';
import { ValidationError } from '../errors';
import { lazyPackage } from '../lib/lazy-package';
import { msg } from '../i18n/message';

/**
 * The WebAuthn ceremonies, for every kind of account that holds passkeys (staff users, board
 * members): the options, and the checks of what the browser answered. Where a passkey is stored
 * and who it signs in is the caller's.
 */

// Its certificate parsers are a third of a second of `npm start` (issue #24): loaded with the first ceremony.
const webauthn = lazyPackage<typeof import('@simplewebauthn/server')>('@simplewebauthn/server');

/** The relying party is the app as APP_URL names it: its host is the RP ID, its origin the expected origin. */
export function relyingParty(ctx: AppContext) {
  const url = new URL(ctx.config.APP_URL);
  return { id: url.hostname, origin: url.origin, name: ctx.config.APP_NAME };
}

export interface StoredPasskey {
  credential_id: string;
  public_key: string;
  counter: string | number | bigint;
  transports: string[];
}

/** Discoverable credentials with user verification: the passkey alone is both factors. */
export function registrationOptions(ctx: AppContext, account: { handle: string; name: string; displayName: string }, existing: StoredPasskey[]): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(ctx);
  return webauthn().generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.name,
    userDisplayName: account.displayName,
    userID: new TextEncoder().encode(account.handle),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports as never })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** The new credential, checked; a field error for `field` when it does not verify. */
export async function verifyRegistration(ctx: AppContext, credential: unknown, expectedChallenge: string | undefined, field = 'credential') {
  if (!expectedChallenge) throw new ValidationError({ [field]: msg('validation.passkeys.expired') });
  const rp = relyingParty(ctx);
  let verified: Awaited<ReturnType<ReturnType<typeof webauthn>['verifyRegistrationResponse']>>;
  try {
    verified = await webauthn().verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    ctx.logger.info({ err: error }, 'passkey registration refused');
    throw new ValidationError({ [field]: msg('validation.passkeys.unverified') });
  }
  if (!verified.verified) throw new ValidationError({ [field]: msg('validation.passkeys.unverified') });
  const { credential: created } = verified.registrationInfo;
  return { credential_id: created.id, public_key: Buffer.from(created.publicKey).toString('base64url'), counter: created.counter, transports: created.transports ?? [] };
}

/** No allow-list: the browser offers the passkeys it holds for this site (discoverable, conditional UI). */
export function authenticationOptions(ctx: AppContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return webauthn().generateAuthenticationOptions({ rpID: relyingParty(ctx).id, userVerification: 'required' });
}

/** The credential id an assertion names (which stored passkey to check it against). */
export const assertionCredentialId = (credential: unknown): string => (credential as AuthenticationResponseJSON).id;

/**
 * Checks an assertion against the stored passkey (challenge, origin, RP ID, signature, counter):
 * the new counter, or null when it does not verify.
 */
export async function verifyAssertion(ctx: AppContext, credential: unknown, expectedChallenge: string, stored: StoredPasskey): Promise<number | null> {
  const rp = relyingParty(ctx);
  try {
    const result = await webauthn().verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: { id: stored.credential_id, publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')), counter: Number(stored.counter), transports: stored.transports as never },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch (error) {
    ctx.logger.info({ err: error }, 'passkey sign-in refused');
    return null;
  }
}
