import type { Response } from 'express';

/** Whether the answer may be kept anywhere (signed-in answers are `no-store`: signed-in-responses.ts). */
export function storesNothing(res: Response): boolean {
  return /\bno-store\b/.test(String(res.getHeader('Cache-Control') ?? ''));
}

/**
 * Sends a whole text answer of the type already set. Express's `send` hashes the body into an
 * ETag (≈ 9 µs for a 7 KB page) so a cache can revalidate it; a `no-store` answer is never kept,
 * so nothing will ever revalidate it, and it goes without one.
 */
export function sendWhole(res: Response, body: string): void {
  // As bytes, like `send`: a string would be copied once more into one with the headers.
  if (storesNothing(res)) res.end(Buffer.from(body, 'utf8'));
  else res.send(body);
}
