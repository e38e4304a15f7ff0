import { z } from 'zod';
import { email } from '../../lib/fields';

/** The board member's address on the organisation's sign-in page (its own name: the staff form beside it has `email`). */
export const requestLinkSchema = z.object({ board_email: email('email') });

export { passkeyLoginSchema, registerPasskeySchema } from '../passkeys/schema';
