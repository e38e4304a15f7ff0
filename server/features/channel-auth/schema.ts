import { z } from 'zod';

/** pusher-js's `socket_id` form: two integers joined by a dot. */
const socketId = z.string().regex(/^\d{1,20}\.\d{1,20}$/, 'The socket id is invalid.');

export const channelAuthSchema = z.object({
  socket_id: socketId,
  channel_name: z.string().min(1).max(200).regex(/^[A-Za-z0-9_\-=@,.;]+$/, 'The channel name is invalid.'),
});

export const userAuthSchema = z.object({ socket_id: socketId });
