import type { Request } from 'express';
import busboy from 'busboy';
import { ValidationError } from '../../http/errors';
import { MAX_FILE_BYTES } from './schema';
import { msg } from '../../i18n/message';

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

const tooLarge = () => new ValidationError({ file: msg('validation.import.fileTooLarge', { max: MAX_FILE_BYTES / 1024 / 1024 }) });

/**
 * The one file of a multipart upload (field `file`), read as it streams in and refused as soon as
 * it passes the size limit: a larger upload is never held in memory. Bad input is a validation
 * error on `file`, never a 500.
 */
export function readUpload(req: Request, maxBytes = MAX_FILE_BYTES): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (!req.is('multipart/form-data')) return reject(new ValidationError({ file: msg('validation.import.fileRequired') }));
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 10_000, parts: 30 } });
    } catch {
      return reject(new ValidationError({ file: msg('validation.import.fileRequired') }));
    }
    let file: UploadedFile | null = null;
    let failure: ValidationError | null = null;
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
        if (!failure) file = { filename: (info.filename || 'import.csv').slice(0, 255), bytes: Buffer.concat(chunks, size) };
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
