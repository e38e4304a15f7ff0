import { stat } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { negotiateEncoding } from './compression';

/** Content-hashed: the same URL never names other bytes, so any cache may keep it for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Text assets the build precompresses (vite.config.ts `precompress`), by extension. */
const PRECOMPRESSED: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves `file.br` / `file.gz` written next to a built text asset at build time, as the client
 * negotiates; with `Vary: Accept-Encoding` on every answer for such a file (compressed or not).
 */
function precompressed(dir: string): RequestHandler {
  const root = path.resolve(dir) + path.sep;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = PRECOMPRESSED[path.extname(req.path).toLowerCase()];
    if (!type) return next();
    res.vary('Accept-Encoding');
    const encoding = negotiateEncoding(req.get('Accept-Encoding'));
    if (!encoding) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.resolve(root, `.${relative}`) + (encoding === 'br' ? '.br' : '.gz');
    if (!file.startsWith(root) || relative.includes('\0')) return next();
    stat(file, (error, info) => {
      if (error || !info.isFile()) return next();
      res.set({ 'Content-Type': type, 'Content-Encoding': encoding, 'Cache-Control': IMMUTABLE });
      res.sendFile(file, { cacheControl: false, acceptRanges: false, dotfiles: 'deny' }, (sendError) => {
        if (sendError && !res.headersSent) {
          res.removeHeader('Content-Encoding');
          next();
        }
      });
    });
  };
}

/**
 * Vite's output under /build: content-hashed files, cached for a year and never revalidated
 * (`immutable`), precompressed when the build wrote a `.br`/`.gz` beside them. Anything else
 * there (a chunk of an older build an open tab still asks for, a directory, an undecodable or
 * traversing path) is a plain, uncached 404: never a page, never a 500, never a file outside
 * the build directory. The client reloads itself once when a chunk is gone (app.tsx).
 */
export function buildAssets(dir: string): RequestHandler[] {
  const files = express.static(dir, {
    index: false,
    redirect: false,
    fallthrough: true,
    setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
  });
  const missing = (_req: Request, res: Response) => {
    res.status(404).set('Cache-Control', 'no-store').type('text').send('Not found');
  };
  return [precompressed(dir), files, missing];
}
