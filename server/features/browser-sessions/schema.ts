import { z } from 'zod';
import { currentPassword } from '../../lib/fields';

/** Jetstream's "log out other browser sessions": the password, in the request. */
export const signOutOthersSchema = z.object({ password: currentPassword() });

/** The opaque id the sessions list gives each browser. */
export const sessionIdSchema = z.string().regex(/^[0-9a-f]{32}$/);
