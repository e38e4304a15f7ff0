import { z } from 'zod';
import { confirmed, email, oneOf, password, requiredString } from '../../lib/fields';

import { INVITATION_FIELDS, ROLES, type InvitationField } from '../../../shared/member-fields';

export const ROLE_VALUES = ROLES;
export const role = () => oneOf(INVITATION_FIELDS.role.attribute, ROLE_VALUES);

/** Each field's rule, from shared/member-fields.ts (a field without a rule does not compile). */
export const inviteSchema = z.object({ email: email(INVITATION_FIELDS.email.attribute), role: role() } satisfies Record<InvitationField, z.ZodType>);

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
