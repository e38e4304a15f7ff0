import { router } from '@inertiajs/react';
import { xsrfToken } from './csrf';
import { t } from '@/i18n';
import { route } from '../../../shared/routes';

/**
 * Signing in with a passkey, on the sign-in page's first load: the browser's own WebAuthn and
 * fetch, a few hundred bytes. @simplewebauthn/browser (3 KB brotli, registration in the profile:
 * lib/passkeys) and axios (20 KB, lib/http) stay off that page (issue #24: ≤ 110 KB until idle).
 * What goes to the server is what the library sends: the credential as WebAuthn's JSON.
 */

/** The server did not answer, or answered with an error: the person is told it could not be reached. */
export class UnreachableError extends Error {}

/** POSTs `{}` to the app and answers its JSON, as lib/http does: marked as XHR, with the XSRF-TOKEN cookie as X-XSRF-TOKEN. */
export async function postJson<T>(url: string): Promise<T> {
  const token = xsrfToken();
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...(token ? { 'X-XSRF-TOKEN': token } : {}) },
      body: '{}',
    });
  } catch {
    throw new UnreachableError();
  }
  if (!response.ok) throw new UnreachableError();
  return (response.json() as Promise<T>).catch(() => {
    throw new UnreachableError();
  });
}

/** Why a ceremony ended without a credential, in words for the form (null: the person canceled). */
export function ceremonyError(error: unknown): string | null {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return null;
  if (name === 'InvalidStateError') return t('common.passkeys.alreadyRegistered');
  if (error instanceof UnreachableError) return t('common.errors.unreachable');
  return t('common.passkeys.failed');
}

const fromBase64Url = (text: string): ArrayBuffer => {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
};
const toBase64Url = (buffer: ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The options the server sends (`@simplewebauthn/server`'s generateAuthenticationOptions), as JSON. */
interface RequestOptionsJSON {
  challenge: string;
  timeout?: number;
  rpId?: string;
  allowCredentials?: { id: string; type: 'public-key'; transports?: AuthenticatorTransport[] }[];
  userVerification?: UserVerificationRequirement;
  extensions?: AuthenticationExtensionsClientInputs;
}

/** One ceremony at a time: a new one (the button during autofill) or leaving the page ends the one waiting. */
let ceremony: AbortController | null = null;
function cancel(reason: string) {
  const error = new Error(reason);
  error.name = 'AbortError';
  ceremony?.abort(error);
  ceremony = null;
}

export const autofillSupported = async (): Promise<boolean> =>
  typeof window.PublicKeyCredential === 'function' && typeof PublicKeyCredential.isConditionalMediationAvailable === 'function' && PublicKeyCredential.isConditionalMediationAvailable();

/** Asks the browser for a passkey and answers it as WebAuthn's JSON (what @simplewebauthn/browser's startAuthentication answers). */
async function authenticate(options: RequestOptionsJSON, autofill: boolean, signal: AbortSignal): Promise<Record<string, unknown>> {
  const publicKey: PublicKeyCredentialRequestOptions = {
    ...options,
    challenge: fromBase64Url(options.challenge),
    // Conditional UI offers every passkey of the site: no list.
    allowCredentials: autofill || !options.allowCredentials?.length ? [] : options.allowCredentials.map((c) => ({ ...c, id: fromBase64Url(c.id) })),
  };
  const credential = (await navigator.credentials.get({ publicKey, signal, ...(autofill ? { mediation: 'conditional' as CredentialMediationRequirement } : {}) })) as PublicKeyCredential | null;
  if (!credential) throw new Error('Authentication was not completed');
  const response = credential.response as AuthenticatorAssertionResponse;
  const attachment = credential.authenticatorAttachment;
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    response: {
      authenticatorData: toBase64Url(response.authenticatorData),
      clientDataJSON: toBase64Url(response.clientDataJSON),
      signature: toBase64Url(response.signature),
      userHandle: response.userHandle ? toBase64Url(response.userHandle) : undefined,
    },
    type: credential.type,
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: attachment === 'platform' || attachment === 'cross-platform' ? attachment : undefined,
  };
}

/** Where a ceremony asks for its options and sends its answer: staff, or the board portal's. */
export interface PasskeyRoutes {
  options: 'passkeys.login-options' | 'portal.passkeys.login-options';
  login: 'passkeys.login' | 'portal.passkeys.login';
}
export const STAFF_PASSKEY_ROUTES: PasskeyRoutes = { options: 'passkeys.login-options', login: 'passkeys.login' };
export const PORTAL_PASSKEY_ROUTES: PasskeyRoutes = { options: 'portal.passkeys.login-options', login: 'portal.passkeys.login' };

/**
 * Signs in with a discoverable passkey. With `autofill`, waits for the person to pick one from the
 * e-mail field's suggestions (conditional UI) and stays silent when the browser cannot.
 */
export async function signInWithPasskey(autofill: boolean, routes: PasskeyRoutes = STAFF_PASSKEY_ROUTES): Promise<string | null> {
  if (autofill && !(await autofillSupported())) return null;
  cancel('Canceling existing WebAuthn API call for new one');
  const controller = (ceremony = new AbortController());
  try {
    const options = await postJson<RequestOptionsJSON>(route(routes.options));
    // Left the page (or pressed the button) while the options were on their way.
    controller.signal.throwIfAborted();
    const credential = await authenticate(options, autofill, controller.signal);
    router.post(route(routes.login), { credential: JSON.parse(JSON.stringify(credential)) });
    return null;
  } catch (error) {
    return autofill ? null : ceremonyError(error);
  }
}

/** Ends a waiting autofill request (leaving the sign-in page). */
export const cancelPasskeyRequest = () => cancel('Manually canceling existing WebAuthn API call');
