import { z } from 'zod';
import { confirmed, email, oneOf, password, requiredString } from '../../lib/fields';

export const ROLE_VALUES = ['owner', 'admin', 'editor', 'viewer'] as const;
export const role = () => oneOf('role', ROLE_VALUES);

export const inviteSchema = z.object({ email: email(), role: role() });

/** A newcomer accepting: the address is the invitation's, they choose a name and a password. */
export const acceptAsNewUserSchema = confirmed(
  z.object({
    name: requiredString('name', 255),
    password: password(),
    password_confirmation: z.unknown(),
  }),
);

/** Tokens we mint are 43 base64url characters; anything else cannot be one. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;
