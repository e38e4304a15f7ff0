import type { Request } from 'express';
import { hmac, safeEqual } from './crypto';

/** A path whose query carries `expires` (unix seconds) and an HMAC `signature` over the rest. */
export function signPath(key: string, path: string, expiresAt: Date): string {
  const url = new URL(path, 'http://signed.invalid');
  url.searchParams.set('expires', String(Math.floor(expiresAt.getTime() / 1000)));
  url.searchParams.sort();
  const unsigned = url.pathname + url.search;
  return `${unsigned}&signature=${hmac(key, `signed-url:${unsigned}`)}`;
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

export function checkSignedRequest(key: string, req: Request, now: Date): SignatureCheck {
  const url = new URL(req.originalUrl, 'http://signed.invalid');
  const signature = url.searchParams.get('signature') ?? '';
  url.searchParams.delete('signature');
  url.searchParams.sort();
  const unsigned = url.pathname + url.search;
  if (!safeEqual(signature, hmac(key, `signed-url:${unsigned}`))) return 'invalid';
  const expires = Number(url.searchParams.get('expires'));
  if (!Number.isFinite(expires) || expires * 1000 < now.getTime()) return 'expired';
  return 'valid';
}
