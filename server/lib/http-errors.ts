import type { FailureCode, FieldError } from '../../contract/errors.ts';
import { failureCodeForStatus } from '../../contract/errors.ts';
import { englishFieldMessage } from '../../contract/validation.ts';

export const FORBIDDEN_MESSAGE = 'You do not have permission to do this';

export type { FieldError };

/**
 * An error the client is meant to see: its status, code, message and field errors go into the
 * envelope. The code is what the SPA translates; the message is English for logs and API users.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: FailureCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;
  /** Sent as the envelope's `data`, e.g. the current record with `stale_version`. */
  readonly data: unknown;

  constructor(
    statusCode: number,
    message: string,
    options: {
      code?: FailureCode;
      errors?: FieldError[];
      headers?: Record<string, string>;
      data?: unknown;
    } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = options.code ?? failureCodeForStatus(statusCode);
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.data = options.data;
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new HttpError(400, message, { code: 'validation_failed', ...(errors ? { errors } : {}) });
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, message, { code: 'unauthenticated' });
export const forbidden = (message = 'Forbidden', code: 'forbidden' | 'csrf_failed' = 'forbidden') =>
  new HttpError(403, message, { code });
export const notFound = (message = 'Not found') =>
  new HttpError(404, message, { code: 'not_found' });
/**
 * A 409. `errors` names the field at fault (e.g. a duplicate code) so a form can show it there.
 */
export const conflict = (
  message: string,
  options: { code?: FailureCode; errors?: FieldError[]; data?: unknown } = {},
) => new HttpError(409, message, { code: options.code ?? 'conflict', ...options });
/** The write named a version other than the stored one; `current` is the record as it is now. */
export const staleVersion = (current: unknown) =>
  conflict('The record was changed since it was read', { code: 'stale_version', data: current });
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {
    code: 'rate_limited',
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/**
 * A field error as the API reports it: the English message its code and params give, unless the
 * caller names the thing (`Bill not found`).
 */
export function fieldError(
  path: string,
  code: FieldError['code'],
  params?: FieldError['params'],
  message = englishFieldMessage(code, params),
): FieldError {
  return params && Object.keys(params).length > 0
    ? { path, code, params, message }
    : { path, code, message };
}
