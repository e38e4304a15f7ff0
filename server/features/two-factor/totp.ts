import type * as OTPAuth from 'otpauth';
import type QRCodeType from 'qrcode';
import { lazyPackage } from '../../lib/lazy-package';

// Loaded with the first two-factor step, not at start.
const otpauth = lazyPackage<typeof OTPAuth>('otpauth');
const qrcode = lazyPackage<typeof QRCodeType>('qrcode');

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
export const PERIOD_SECONDS = 30;
/** Codes of the step before and after are accepted too (clock drift of ±30 s). */
export const DRIFT_STEPS = 1;

export function newSecret(): string {
  return new (otpauth().Secret)({ size: 20 }).base32;
}

function totp(secret: string, label = 'account', issuer = 'Boardly') {
  const { Secret, TOTP } = otpauth();
  return new TOTP({ secret: Secret.fromBase32(secret), label, issuer, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });
}

export const stepAt = (now: Date) => Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);

/** The time step the code belongs to (within the drift window), or null when it is wrong. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  return delta === null ? null : stepAt(now) + delta;
}

export function otpauthUri(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString();
}

export async function qrCodeSvg(uri: string): Promise<string> {
  return qrcode().toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#0f172aff', light: '#ffffffff' } });
}
