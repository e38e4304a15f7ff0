import type { Request, Response } from 'express';
import { serialize } from 'cookie';
import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { randomToken } from '../../lib/crypto';
import { noteSignIn } from './service';

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
