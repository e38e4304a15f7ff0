import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { ValidationError } from '../../errors';
import { sha256 } from '../../lib/crypto';
import { decryptString, deriveKey, encryptString } from '../../lib/encryption';
import type { Acting } from '../../tenancy/acting';
import { inTransaction, type Actor } from '../../lib/unit-of-work';
import { securityMail } from '../../account/security-mail';
import * as repo from './repository';
import { matchingStep, newSecret, otpauthUri, qrCodeSvg } from './totp';
import { msg } from '../../i18n/message';
import { requireCurrentPassword } from '../../account/password-guard';
import { twoFactorOn } from '../../account/user-repository';

export const RECOVERY_CODE_COUNT = 8;
export const INVALID_CODE = msg('validation.twoFactor.invalidCode');
export const REUSED_CODE = msg('validation.twoFactor.reusedCode');
export const INVALID_RECOVERY_CODE = msg('validation.twoFactor.invalidRecoveryCode');

const secretKey = (ctx: AppContext) => deriveKey(ctx.key, 'two-factor-secret');

/** Fortify's shape: two groups of ten lower-case letters and digits. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(20);
  const chars = [...bytes].map((b) => alphabet[b % 36]);
  return `${chars.slice(0, 10).join('')}-${chars.slice(10).join('')}`;
}

export const hashRecoveryCode = (code: string) => sha256(`recovery:${code.trim().toLowerCase()}`);

export interface TwoFactorStatus {
  /** Confirmed: sign-in asks for a code. */
  enabled: boolean;
  /** A secret was made but not yet confirmed with a code. */
  confirming: boolean;
  recoveryCodesLeft: number;
}

export async function status(ctx: AppContext, userId: number): Promise<TwoFactorStatus> {
  const credential = await repo.findCredential(ctx.db, userId);
  const enabled = !!credential?.confirmed_at;
  return { enabled, confirming: !!credential && !enabled, recoveryCodesLeft: enabled ? await repo.unusedRecoveryCodeCount(ctx.db, userId) : 0 };
}

export async function isEnabled(ctx: AppContext, userId: number): Promise<boolean> {
  return twoFactorOn(ctx.db, userId);
}

/** Step one: a new secret, not yet in force (unless two-factor sign-in is already on: then nothing). */
export async function enable(ctx: AppContext, user: User): Promise<void> {
  const existing = await repo.findCredential(ctx.db, user.id);
  if (existing?.confirmed_at) return;
  await repo.putUnconfirmedSecret(ctx.db, user.id, encryptString(secretKey(ctx), newSecret()), ctx.clock.now());
}

/** The base32 secret, for typing into an app by hand; null when there is none. */
export async function secret(ctx: AppContext, userId: number): Promise<string | null> {
  const credential = await repo.findCredential(ctx.db, userId);
  return credential ? decryptString(secretKey(ctx), credential.secret) : null;
}

export async function qrCode(ctx: AppContext, user: User): Promise<string | null> {
  const base32 = await secret(ctx, user.id);
  return base32 ? qrCodeSvg(otpauthUri(base32, user.email, ctx.config.APP_NAME)) : null;
}

async function newRecoveryCodes(db: Parameters<typeof repo.replaceRecoveryCodes>[0], userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return codes;
}

/** Step two: a current code from the app puts it in force. Answers the recovery codes (shown once). */
export async function confirm(ctx: AppContext, acting: Acting, code: string): Promise<string[]> {
  const user = acting.user;
  const credential = await repo.findCredential(ctx.db, user.id);
  if (!credential || credential.confirmed_at) throw new ValidationError({ code: msg('validation.twoFactor.notOn') });
  const base32 = decryptString(secretKey(ctx), credential.secret);
  const step = base32 ? matchingStep(base32, code, ctx.clock.now()) : null;
  if (step === null) throw new ValidationError({ code: INVALID_CODE });
  const codes = await inTransaction(ctx, acting, async (uow) => {
    if (!(await repo.markConfirmed(uow.db, user.id, ctx.clock.now(), step))) throw new ValidationError({ code: msg('validation.twoFactor.alreadyOn') });
    const codes = await newRecoveryCodes(uow.db, user.id);
    await uow.log({ organization_id: null, kind: 'user.two_factor_enabled', subject_id: user.id });
    await uow.mail(securityMail(ctx, user, msg('mail.security.twoFactorOn.subject'), [msg('mail.security.twoFactorOn.line')]));
    return codes;
  });
  return codes;
}

/** Asks for the password itself (the password guard), as Fortify's route does. */
export async function disable(ctx: AppContext, acting: Acting, password: string): Promise<void> {
  await requireCurrentPassword(ctx, acting, password);
  const user = acting.user;
  await inTransaction(ctx, acting, async (uow) => {
    if (!(await repo.deleteCredential(uow.db, user.id))) return;
    await uow.log({ organization_id: null, kind: 'user.two_factor_disabled', subject_id: user.id });
    await uow.mail(securityMail(ctx, user, msg('mail.security.twoFactorOff.subject'), [msg('mail.security.twoFactorOff.line')]));
  });
}

export async function regenerateRecoveryCodes(ctx: AppContext, acting: Acting): Promise<string[]> {
  const user = acting.user;
  if (!(await isEnabled(ctx, user.id))) throw new ValidationError({ recovery_codes: msg('validation.twoFactor.notOn') });
  const codes = await inTransaction(ctx, acting, async (uow) => {
    const codes = await newRecoveryCodes(uow.db, user.id);
    await uow.log({ organization_id: null, kind: 'user.recovery_codes_regenerated', subject_id: user.id });
    await uow.mail(securityMail(ctx, user, msg('mail.security.recoveryCodes.subject'), [msg('mail.security.recoveryCodes.line')]));
    return codes;
  });
  return codes;
}

/**
 * The sign-in challenge: a current code (±1 step, each step accepted once) or an unused
 * recovery code. Throws the form's field error when neither holds.
 */
export async function verifyChallenge(ctx: AppContext, actor: Actor, user: User, input: { code: string | null; recovery_code: string | null }): Promise<void> {
  const credential = await repo.findCredential(ctx.db, user.id);
  if (!credential?.confirmed_at) throw new ValidationError({ code: INVALID_CODE });
  if (input.recovery_code) {
    const used = await inTransaction(ctx, actor, async (uow) => {
      const ok = await repo.useRecoveryCode(uow.db, user.id, hashRecoveryCode(input.recovery_code!), ctx.clock.now());
      if (!ok) return false;
      await uow.log({ organization_id: null, kind: 'user.recovery_code_used', subject_id: user.id });
      const left = await repo.unusedRecoveryCodeCount(uow.db, user.id);
      await uow.mail(securityMail(ctx, user, msg('mail.security.recoveryCodeUsed.subject'), [msg('mail.security.recoveryCodeUsed.line', { left })]));
      return true;
    });
    if (!used) throw new ValidationError({ recovery_code: INVALID_RECOVERY_CODE });
    return;
  }
  const base32 = decryptString(secretKey(ctx), credential.secret);
  const step = base32 && input.code ? matchingStep(base32, input.code, ctx.clock.now()) : null;
  if (step === null) throw new ValidationError({ code: INVALID_CODE });
  if (!(await repo.claimStep(ctx.db, user.id, step))) throw new ValidationError({ code: REUSED_CODE });
}
