import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { ceremonyError, postJson } from './passkeySignIn';
import { route } from '../../../shared/routes';

/** Registering a passkey (the profile, the board portal's settings); signing in with one is lib/passkeySignIn. */

export const passkeysSupported = () => typeof window !== 'undefined' && browserSupportsWebAuthn();

/** Creates a passkey on this device: the credential to save, or an error message (null: canceled). */
export async function createPasskey(optionsRoute: 'passkeys.options' | 'portal.passkeys.options' = 'passkeys.options'): Promise<{ credential: Record<string, unknown> } | { error: string | null }> {
  try {
    const optionsJSON = await postJson<PublicKeyCredentialCreationOptionsJSON>(route(optionsRoute));
    const credential = await startRegistration({ optionsJSON });
    return { credential: JSON.parse(JSON.stringify(credential)) as Record<string, unknown> };
  } catch (error) {
    return { error: ceremonyError(error) };
  }
}
