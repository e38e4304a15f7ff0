import { http } from './http';
import { route } from '../../../shared/routes';

/** Fortify's JSON endpoints of the two-factor set-up (they need a recent password confirmation). */
const json = { headers: { Accept: 'application/json' } };

export async function twoFactorSetupCode(): Promise<{ svg: string; secretKey: string }> {
  const [qr, secret] = await Promise.all([http.get<{ svg: string }>(route('two-factor.qr-code'), json), http.get<{ secretKey: string }>(route('two-factor.secret-key'), json)]);
  return { svg: qr.data.svg, secretKey: secret.data.secretKey };
}

/** The codes just made; an empty list once they have been shown (they are stored hashed). */
export async function freshRecoveryCodes(): Promise<string[]> {
  const { data } = await http.get<string[]>(route('two-factor.recovery-codes'), json);
  return Array.isArray(data) ? data : [];
}

export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}
