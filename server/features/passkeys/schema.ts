import { z } from 'zod';
import { requiredString } from '../../lib/fields';

/** What @simplewebauthn/browser hands back; the library checks the rest. */
const credential = z
  .object(
    {
      id: z.string().min(1).max(1024),
      rawId: z.string().min(1).max(1024),
      type: z.literal('public-key'),
      response: z.record(z.string(), z.unknown()),
      clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
      authenticatorAttachment: z.string().max(64).optional().nullable(),
    },
    { error: 'The passkey response is invalid. Please try again.' },
  )
  .passthrough();

export const passkeyName = () => requiredString('name', 100);

export const registerPasskeySchema = z.object({ name: passkeyName(), credential });
export const renamePasskeySchema = z.object({ name: passkeyName() });
export const passkeyLoginSchema = z.object({ credential });
