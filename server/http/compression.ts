import { brotliCompress, constants, gzip } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (brotli, then gzip), honouring `q=0`; null for identity. */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => q.get(name) ?? (q.has('*') ? q.get('*')! : 0);
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/** Dynamic answers worth compressing: pages, JSON, text. Never event streams (they are written, not ended, anyway). */
const COMPRESSIBLE = /^(text\/(?!event-stream)[a-z-]+|application\/(json|javascript|xml|[a-z.+-]+\+(json|xml))|image\/svg\+xml)\b/i;

export interface CompressionOptions {
  /** Bodies smaller than this many bytes go as they are: the headers would cost more than the saving. */
  threshold?: number;
}

/**
 * Compresses whole responses (`res.send`/`res.json`/`res.end(body)`) with brotli or gzip as the
 * client negotiates, off the event loop (zlib's thread pool). A streamed response (anything
 * that called `res.write`: server-sent events, CSV exports, static files) has its headers sent
 * by then and passes untouched, so nothing is buffered mid-stream.
 */
export function compression(options: CompressionOptions = {}) {
  const threshold = options.threshold ?? 1024;
  return (req: Request, res: Response, next: NextFunction) => {
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    // biome-ignore lint/suspicious/noExplicitAny: Express types res.end with overloads; the wrapper replaces all of them at once
    (res as any).end = function compressedEnd(chunk?: unknown, encoding?: unknown, callback?: unknown) {
      if (res.headersSent || typeof chunk === 'function' || chunk === undefined || chunk === null) return end(chunk, encoding, callback);
      const type = String(res.getHeader('Content-Type') ?? '');
      if (!COMPRESSIBLE.test(type) || res.getHeader('Content-Encoding') || res.statusCode === 204 || res.statusCode === 304) return end(chunk, encoding, callback);
      res.vary('Accept-Encoding');
      const body = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.isBuffer(chunk) ? chunk : null;
      const chosen = negotiateEncoding(req.get('Accept-Encoding'));
      if (!body || body.length < threshold || !chosen || req.method === 'HEAD' || /\bno-transform\b/.test(String(res.getHeader('Cache-Control') ?? ''))) {
        return end(chunk, encoding, callback);
      }
      const done = (error: Error | null, out: Buffer) => {
        if (error || res.headersSent) return end(chunk, encoding, callback);
        res.setHeader('Content-Encoding', chosen);
        res.setHeader('Content-Length', out.length);
        // The ETag names the identity body; a compressed copy of it is only weakly the same.
        const etag = res.getHeader('ETag');
        if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`);
        end(out, typeof callback === 'function' ? callback : typeof encoding === 'function' ? encoding : undefined);
      };
      if (chosen === 'br') {
        // Quality 4: most of brotli's gain for a dynamic answer at a fraction of its top level's time.
        brotliCompress(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }, done);
      } else {
        gzip(body, { level: 6 }, done);
      }
      return res;
    };
    next();
  };
}
