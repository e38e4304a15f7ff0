/** An error that carries the HTTP status the user should see. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message?: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message ?? defaultMessages[status] ?? 'Error');
  }
}

export const defaultMessages: Record<number, string> = {
  400: 'Bad request.',
  403: 'You are not allowed to do that.',
  404: 'The page you are looking for could not be found.',
  405: 'That method is not allowed here.',
  413: 'That request is too large.',
  415: 'That request body is in a format we do not accept.',
  419: 'The page expired, please try again.',
  429: 'Too many requests. Please slow down.',
  500: 'Something went wrong on our side. We have been told and are looking into it.',
  503: 'We are down for maintenance and will be back shortly.',
};

export const notFound = (message?: string) => new HttpError(404, message);
export const forbidden = (message?: string) => new HttpError(403, message);

/** Fields that failed validation: redirect back with these messages. */
export class ValidationError extends Error {
  constructor(public readonly errors: Record<string, string>) {
    super(Object.values(errors)[0] ?? 'The given data was invalid.');
  }
}

/** A row looked up through the scoped path (or any lookup a route names), or 404. */
export function orFail<T>(row: T | undefined): T {
  if (!row) throw new HttpError(404);
  return row;
}
