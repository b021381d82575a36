export interface FieldError {
  path: string;
  message: string;
}

/** An error the client is meant to see: its status, message and field errors go into the envelope. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new HttpError(400, message, errors ? { errors } : {});
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
/** `errors` names the field at fault (e.g. a duplicate code) so a form can show it there. */
export const conflict = (message: string, errors?: FieldError[]) =>
  new HttpError(409, message, errors ? { errors } : {});
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
