import type { Request, Response } from 'express';
import { serialize } from 'cookie';
import type { AppContext } from '../context';
import type { User } from '../db/types';
import { randomToken, sha256 } from '../lib/crypto';
import { msg } from '../i18n/message';
import { describeAgent, parseAgent } from './agent';
import { rememberDevice } from './device-repository';
import { queueSecurityMail } from './security-mail';

/** A random id per browser, kept for five years, so a sign-in from a new device can be told apart. */
export const DEVICE_COOKIE = 'device_id';
const FIVE_YEARS = 5 * 365 * 86_400;

/** Called at every sign-in: a mail when the device is new to an account used elsewhere before. */
export async function noteDevice(ctx: AppContext, req: Request, res: Response, user: User): Promise<void> {
  let id = req.cookies[DEVICE_COOKIE];
  if (!id || !/^[A-Za-z0-9_-]{20,64}$/.test(id)) {
    id = randomToken(24);
    req.cookies[DEVICE_COOKIE] = id;
    res.append('Set-Cookie', serialize(DEVICE_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure: ctx.config.APP_URL.startsWith('https:'), path: '/', maxAge: FIVE_YEARS }));
  }
  await noteSignIn(ctx, user, { id, ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null });
}

const NEW_ACCOUNT_MS = 60_000;

/**
 * At sign-in: remembers the device (a random id in a long-lived cookie, stored hashed) and, when
 * the account has been used elsewhere before, is older than a minute, and this device is new, mails the owner.
 */
export async function noteSignIn(ctx: AppContext, user: User, device: { id: string; ip: string | null; userAgent: string | null }): Promise<void> {
  const { isNew, hadOthers } = await rememberDevice(ctx.db, user.id, sha256(`device:${device.id}`), ctx.clock.now());
  // As laravel-authentication-log does: no mail for the sign-ins of an account's first minute.
  const brandNew = ctx.clock.now().getTime() - user.created_at.getTime() < NEW_ACCOUNT_MS;
  if (!isNew || !hadOthers || brandNew) return;
  await queueSecurityMail(ctx, user, msg('mail.security.newSignIn.subject', { app: ctx.config.APP_NAME }), [
    msg('mail.security.newSignIn.line', {
      device: describeAgent(parseAgent(device.userAgent)),
      ip: device.ip ?? msg('mail.security.newSignIn.unknownIp'),
      time: ctx.clock.now().toISOString().replace('T', ' ').slice(0, 16),
    }),
    msg('mail.security.newSignIn.ifYou'),
  ]);
}
