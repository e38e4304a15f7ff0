import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) for secrets kept at rest. The key is derived from the
 * app key with HKDF and a purpose label, so each use has its own key and none is the app key.
 */
export function deriveKey(appKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appKey, 'boardly', purpose, 32));
}

/** `iv.tag.ciphertext`, each base64url. */
export function encryptString(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** The plaintext, or null when the value was not encrypted with this key (or was altered). */
export function decryptString(key: Buffer, value: string): string | null {
  const [iv, tag, data] = value.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !data || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
