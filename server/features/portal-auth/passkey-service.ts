import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import * as ceremony from '../../account/webauthn';
import type { AppContext } from '../../context';
import type { PortalMember } from '../../db/types';
import { HttpError, ValidationError } from '../../errors';
import { inTransaction, type Actor } from '../../lib/unit-of-work';
import { msg } from '../../i18n/message';
import { findPortalRecords } from '../../tenancy/portal-repository';
import * as repo from './passkey-repository';
import { recordSignIn } from './repository';
import { sendPasskeyChangedMail } from './mails';

/** A board member's passkeys: added after a first sign-in by link, then a sign-in of its own. */

export interface PortalPasskeySummary {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export async function list(ctx: AppContext, memberId: number): Promise<PortalPasskeySummary[]> {
  return (await repo.memberPasskeys(ctx.db, memberId)).map((p) => ({ id: p.id, name: p.name, created_at: p.created_at.toISOString(), last_used_at: p.last_used_at?.toISOString() ?? null }));
}

export async function registrationOptions(ctx: AppContext, member: PortalMember): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return ceremony.registrationOptions(ctx, { handle: `portal:${member.id}`, name: member.email, displayName: member.email }, await repo.memberPasskeys(ctx.db, member.id));
}

export async function register(ctx: AppContext, actor: Actor, member: PortalMember, input: { name: string; credential: unknown }, expectedChallenge: string | undefined): Promise<void> {
  const credential = await ceremony.verifyRegistration(ctx, input.credential, expectedChallenge);
  if (await repo.credentialTaken(ctx.db, credential.credential_id)) throw new ValidationError({ credential: msg('validation.passkeys.duplicate') });
  await inTransaction(ctx, actor, async (uow) => {
    await repo.insertPasskey(uow.db, { portal_member_id: member.id, name: input.name, ...credential, created_at: ctx.clock.now() });
    await sendPasskeyChangedMail(ctx, uow, member, 'added', input.name);
  });
}

export async function remove(ctx: AppContext, actor: Actor, member: PortalMember, id: number): Promise<void> {
  await inTransaction(ctx, actor, async (uow) => {
    const removed = await repo.deletePasskey(uow.db, member.id, id);
    if (!removed) throw new HttpError(404);
    await sendPasskeyChangedMail(ctx, uow, member, 'removed', removed.name);
  });
}

export const authenticationOptions = ceremony.authenticationOptions;

export const PORTAL_PASSKEY_REFUSED = msg('validation.passkeys.refused');

/** The board member a passkey proves, when they still have access somewhere; signed in like a link signs in. */
export async function authenticate(ctx: AppContext, actor: Actor, credential: unknown, expectedChallenge: string | undefined): Promise<number> {
  const refused = () => new ValidationError({ portal_passkey: PORTAL_PASSKEY_REFUSED });
  if (!expectedChallenge) throw new ValidationError({ portal_passkey: msg('validation.passkeys.expired') });
  const passkey = await repo.findByCredentialId(ctx.db, ceremony.assertionCredentialId(credential));
  if (!passkey) throw refused();
  const previous = Number(passkey.counter);
  const counter = await ceremony.verifyAssertion(ctx, credential, expectedChallenge, passkey);
  if (counter === null) throw refused();
  return inTransaction(ctx, actor, async (uow) => {
    if (!(await repo.recordUse(uow.db, passkey.id, previous, counter, ctx.clock.now()))) throw refused();
    const records = await findPortalRecords(uow.db, passkey.portal_member_id);
    // Access ended everywhere: the passkey still exists, but signs no one in.
    if (records.length === 0) throw refused();
    await recordSignIn(uow, passkey.portal_member_id, records, 'passkey', ctx.clock.now());
    return passkey.portal_member_id;
  });
}
