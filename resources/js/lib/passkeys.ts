import { router } from '@inertiajs/react';
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication, startRegistration, WebAuthnAbortService } from '@simplewebauthn/browser';
import { isAxiosError } from 'axios';
import { http } from './http';
import { t } from '@/i18n';

const json = { headers: { Accept: 'application/json' } };

export const passkeysSupported = () => typeof window !== 'undefined' && browserSupportsWebAuthn();

/** Why a ceremony ended without a credential, in words for the form (null: the person canceled). */
function ceremonyError(error: unknown): string | null {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return null;
  if (name === 'InvalidStateError') return t('common.passkeys.alreadyRegistered');
  if (isAxiosError(error)) return t('common.errors.unreachable');
  return t('common.passkeys.failed');
}

/** Creates a passkey on this device: the credential to save, or an error message (null: canceled). */
export async function createPasskey(): Promise<{ credential: Record<string, unknown> } | { error: string | null }> {
  try {
    const { data } = await http.post('/user/passkeys/options', {}, json);
    const credential = await startRegistration({ optionsJSON: data });
    return { credential: JSON.parse(JSON.stringify(credential)) as Record<string, unknown> };
  } catch (error) {
    return { error: ceremonyError(error) };
  }
}

/**
 * Signs in with a discoverable passkey. With `autofill`, waits for the person to pick one from the
 * e-mail field's suggestions (conditional UI) and stays silent when the browser cannot.
 */
export async function signInWithPasskey(autofill: boolean): Promise<string | null> {
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return null;
  try {
    const { data } = await http.post('/passkeys/login/options', {}, json);
    const credential = await startAuthentication({ optionsJSON: data, useBrowserAutofill: autofill });
    router.post('/passkeys/login', { credential: JSON.parse(JSON.stringify(credential)) });
    return null;
  } catch (error) {
    return autofill ? null : ceremonyError(error);
  }
}

/** Ends a waiting autofill request (leaving the sign-in page). */
export const cancelPasskeyRequest = () => WebAuthnAbortService.cancelCeremony();
