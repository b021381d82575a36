import type { FailureCode } from '../../contract/errors.ts';
import type { FieldError } from './http-errors.ts';

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  message: string;
}

export interface FailureEnvelope {
  success: false;
  code: FailureCode;
  message: string;
  errors?: FieldError[];
  data?: unknown;
}

export const ok = <T>(data: T, message: string): SuccessEnvelope<T> => ({
  success: true,
  data,
  message,
});

export function failure(
  code: FailureCode,
  message: string,
  options: { errors?: FieldError[] | undefined; data?: unknown } = {},
): FailureEnvelope {
  const envelope: FailureEnvelope = { success: false, code, message };
  if (options.errors && options.errors.length > 0) envelope.errors = options.errors;
  if (options.data !== undefined) envelope.data = options.data;
  return envelope;
}
