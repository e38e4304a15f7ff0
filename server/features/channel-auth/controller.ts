import type { Request, Response } from 'express';
import type Pusher from 'pusher';
import { pusherPackage } from '../../broadcasting/broadcaster';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { validate } from '../../lib/validation';
import { authorizeChannel, tokenMayJoin, type ChannelAsker } from './rules';
import { carriesBearer } from '../../http/bearer';
import { bearerToken, resolveApiToken } from '../../tenancy/api-token';
import { channelAuthSchema, userAuthSchema } from './schema';
import { msg } from '../../i18n/message';

/**
 * Laravel's `/broadcasting/auth` and `/broadcasting/user-auth`: signs what pusher-js asks for
 * with the app secret (through the official SDK), for signed-in members only (and a board member's
 * portal session, for its own channel; and an organisation's API token, for its organisation's
 * channel only).
 */
export function broadcastingController(ctx: AppContext) {
  const { REVERB_APP_ID, REVERB_APP_KEY, REVERB_APP_SECRET } = ctx.config;
  // Signing only: this client never opens a connection.
  let created: Pusher | null = null;
  const signer = () => (created ??= new (pusherPackage())({ appId: REVERB_APP_ID, key: REVERB_APP_KEY, secret: REVERB_APP_SECRET, host: 'localhost' }));

  const signedInUser = (req: Request) => {
    if (!req.user) throw new HttpError(403, msg('messages.errors.unauthenticated'));
    return req.user;
  };

  /** A request with `Authorization: Bearer`: its live token, else 401 with RFC 6750's challenge (the session is never consulted). */
  const liveToken = async (req: Request, res: Response) => {
    const token = await resolveApiToken(ctx, req);
    if (token) return token;
    res.set('WWW-Authenticate', bearerToken(req) ? 'Bearer error="invalid_token"' : 'Bearer');
    throw new HttpError(401, msg('messages.errors.unauthenticated'));
  };

  return {
    async channel(req: Request, res: Response) {
      if (carriesBearer(req)) {
        const token = await liveToken(req, res);
        const { socket_id, channel_name } = validate(channelAuthSchema, req.body ?? {});
        if (!tokenMayJoin(token, channel_name)) throw new HttpError(403, msg('messages.errors.channelForbidden'));
        res.json(signer().authorizeChannel(socket_id, channel_name));
        return;
      }
      // A board member's portal session (with access left) may ask for its own channel only (rules.ts).
      const asker: ChannelAsker = req.portal && !req.user ? { portalMemberId: req.portal.member.id } : { user: signedInUser(req) };
      const { socket_id, channel_name } = validate(channelAuthSchema, req.body ?? {});
      const grant = await authorizeChannel(ctx.db, asker, channel_name);
      if (grant === false) throw new HttpError(403, msg('messages.errors.channelForbidden'));
      const presence = typeof grant === 'object' && asker.user ? { user_id: String(asker.user.id), user_info: grant } : undefined;
      res.json(signer().authorizeChannel(socket_id, channel_name, presence));
    },

    async user(req: Request, res: Response) {
      // A token is no user: Pusher's user sign-in (and presence) is for people only.
      if (carriesBearer(req)) {
        await liveToken(req, res);
        throw new HttpError(403, msg('messages.apiTokens.notAUser'));
      }
      const user = signedInUser(req);
      const { socket_id } = validate(userAuthSchema, req.body ?? {});
      res.json(signer().authenticateUser(socket_id, { id: String(user.id), name: user.name }));
    },
  };
}
