import type { Request } from 'express';
import type busboyType from 'busboy';
import { lazyPackage } from '../../lib/lazy-package';
import { ValidationError } from '../../errors';
import { MAX_FILE_BYTES } from './schema';
import { msg } from '../../i18n/message';

// Loaded with the first upload rather than at `npm start` (issue #24).
const busboy = lazyPackage<typeof busboyType>('busboy');

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/**
 * What a browser's form sends around the file: the boundaries and the part's headers (a long
 * file name included). A request body larger than the file limit plus this is never a valid upload.
 */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Refused on the form; a client that is not the page (no Inertia, JSON or plain) gets a 413. */
const tooLarge = () => new ValidationError({ file: msg('validation.import.fileTooLarge', { max: MAX_FILE_BYTES / 1024 / 1024 }) }, 413);

/** Control characters (a NUL among them, which the database refuses) have no place in a file name. */
const printable = (filename: string) => filename.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);

/**
 * The one file of a multipart upload (field `file`), at most `maxBytes` (exactly that many is
 * allowed), read as it streams in. A declared `Content-Length` over the limit is refused before
 * a byte of the body is read; a body without one (chunked) is read no further than the limit.
 * Either way the answer closes the connection (server/http/unread-body.ts), so the rest of the
 * body is never read. Bad input is a validation error on `file`, never a 500.
 */
export function readUpload(req: Request, maxBytes = MAX_FILE_BYTES): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (!req.is('multipart/form-data')) return reject(new ValidationError({ file: msg('validation.import.fileRequired') }));
    const maxBody = maxBytes + MULTIPART_OVERHEAD_BYTES;
    if (Number(req.headers['content-length']) > maxBody) return reject(tooLarge());
    let parser: busboyType.Busboy;
    try {
      // busboy reports its limit when the file reaches it: one past the largest file allowed.
      parser = busboy()({ headers: req.headers, limits: { files: 1, fileSize: maxBytes + 1, fields: 20, fieldSize: 1_000, parts: 30 } });
    } catch {
      return reject(new ValidationError({ file: msg('validation.import.fileRequired') }));
    }
    let file: UploadedFile | null = null;
    let failure: ValidationError | null = null;
    let received = 0;
    const countBody = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBody) return;
      // More than any valid upload: stop reading here and answer now.
      req.off('data', countBody);
      req.unpipe(parser);
      req.pause();
      reject(tooLarge());
    };
    req.on('data', countBody);
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || file || failure) return void stream.resume();
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (!failure) chunks.push(chunk);
      });
      stream.on('limit', () => {
        failure = tooLarge();
        chunks.length = 0;
      });
      stream.on('end', () => {
        if (!failure) file = { filename: printable(info.filename || '') || 'import.csv', bytes: Buffer.concat(chunks, size) };
      });
    });
    parser.on('error', () => reject(failure ?? new ValidationError({ file: msg('validation.import.uploadInterrupted') })));
    parser.on('close', () => {
      if (failure) return reject(failure);
      if (!file) return reject(new ValidationError({ file: msg('validation.import.fileRequired') }));
      resolve(file);
    });
    req.pipe(parser);
  });
}
