import type { Request, Response } from 'express';
import type Pusher from 'pusher';
import { pusherPackage } from '../../broadcasting/broadcaster';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { validate } from '../../lib/validation';
import { authorizeChannel, type ChannelAsker } from './rules';
import { channelAuthSchema, userAuthSchema } from './schema';
import { msg } from '../../i18n/message';

/**
 * Laravel's `/broadcasting/auth` and `/broadcasting/user-auth`: signs what pusher-js asks for
 * with the app secret (through the official SDK), for signed-in members only (and a board member's
 * portal session, for its own channel).
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

  return {
    async channel(req: Request, res: Response) {
      // A board member's portal session (with access left) may ask for its own channel only (rules.ts).
      const asker: ChannelAsker = req.portal && !req.user ? { portalMemberId: req.portal.member.id } : { user: signedInUser(req) };
      const { socket_id, channel_name } = validate(channelAuthSchema, req.body ?? {});
      const grant = await authorizeChannel(ctx.db, asker, channel_name);
      if (grant === false) throw new HttpError(403, msg('messages.errors.channelForbidden'));
      const presence = typeof grant === 'object' && asker.user ? { user_id: String(asker.user.id), user_info: grant } : undefined;
      res.json(signer().authorizeChannel(socket_id, channel_name, presence));
    },

    async user(req: Request, res: Response) {
      const user = signedInUser(req);
      const { socket_id } = validate(userAuthSchema, req.body ?? {});
      res.json(signer().authenticateUser(socket_id, { id: String(user.id), name: user.name }));
    },
  };
}
