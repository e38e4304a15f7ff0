import { msg } from '../i18n/message';
import { defaultMessages } from '../errors';

export interface ClientError {
  status: number;
  message: string;
  /** The database refused a value: a missing check upstream, worth a warning in the log. */
  fromDatabase: boolean;
}

/**
 * PostgreSQL data exceptions only a value from outside can cause (a NUL byte, a number or date
 * out of range, text where a number was expected, an over-long string or a too-big row).
 */
const INPUT_SQLSTATES = new Set(['22001', '22003', '22007', '22008', '22019', '22021', '22025', '22P02', '22P05', '2201B', '54000']);

const BODY_MESSAGES: Record<string, string> = {
  'entity.too.large': msg('messages.errors.status.413'),
  'parameters.too.many': msg('messages.errors.status.413'),
  'encoding.unsupported': msg('messages.errors.encodingUnsupported'),
  'charset.unsupported': msg('messages.errors.charsetUnsupported'),
};

const statusOf = (error: object): unknown => ('status' in error ? error.status : 'statusCode' in error ? error.statusCode : undefined);

/**
 * The 4xx an error stands for when the request, not the server, was at fault; undefined for
 * anything else (a real 500). Covers every error a library raises with a 4xx status (the body
 * parsers, including a body that is not the gzip it claims to be; the router's undecodable
 * `%` escape in a path; static files) and the database's refusal of a bad value.
 */
export function clientError(error: unknown): ClientError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = statusOf(error);
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const type = 'type' in error && typeof error.type === 'string' ? error.type : undefined;
    // Library messages can quote the raw input: never echo them. (A body parser's error has a
    // `type`; a body that fails to decompress arrives as zlib's error, which has an `errno`.)
    const aboutBody = type !== undefined || 'errno' in error;
    const message = (type && BODY_MESSAGES[type]) || (aboutBody ? msg('messages.errors.bodyUnreadable') : (defaultMessages[status] ?? defaultMessages[400]));
    return { status, message, fromDatabase: false };
  }
  if ('code' in error && typeof error.code === 'string' && INPUT_SQLSTATES.has(error.code) && 'severity' in error) {
    return { status: 400, message: defaultMessages[400], fromDatabase: true };
  }
  return undefined;
}
