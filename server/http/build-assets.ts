import express, { type Request, type RequestHandler, type Response } from 'express';

/**
 * Vite's output under /build: content-hashed files, cached for a year. Anything else there (a
 * chunk of an older build an open tab still asks for, a directory, an undecodable or
 * traversing path) is a plain, uncached 404: never a page, never a 500, never a file outside
 * the build directory. The client reloads itself once when a chunk is gone (app.tsx).
 */
export function buildAssets(dir: string): RequestHandler[] {
  const files = express.static(dir, { immutable: true, maxAge: '1y', index: false, redirect: false, fallthrough: true });
  const missing = (_req: Request, res: Response) => {
    res.status(404).set('Cache-Control', 'no-store').type('text').send('Not found');
  };
  return [files, missing];
}
