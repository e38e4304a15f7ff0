import { z } from 'zod';
import { requiredString } from '../../lib/fields';
import { msg } from '../../i18n/message';

/** What @simplewebauthn/browser hands back; the library checks the rest. */
const response = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
    authenticatorAttachment: z.string().max(64).optional().nullable(),
  })
  .passthrough();

/** One message for the whole response: its parts mean nothing to the person at the form. */
const credential = z.unknown().transform((value, ctx) => {
  const parsed = response.safeParse(value);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: msg('validation.passkeys.responseInvalid') });
  return z.NEVER;
});

export const passkeyName = () => requiredString('name', 100);

export const registerPasskeySchema = z.object({ name: passkeyName(), credential });
export const renamePasskeySchema = z.object({ name: passkeyName() });
export const passkeyLoginSchema = z.object({ credential });
