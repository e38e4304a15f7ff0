import { z } from 'zod';
import { msg } from '../../i18n/message';

/** pusher-js's `socket_id` form: two integers joined by a dot. */
const socketId = z.string().regex(/^\d{1,20}\.\d{1,20}$/, msg('validation.channels.socketIdInvalid'));

export const channelAuthSchema = z.object({
  socket_id: socketId,
  channel_name: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_\-=@,.;]+$/, msg('validation.channels.channelNameInvalid')),
});

export const userAuthSchema = z.object({ socket_id: socketId });
