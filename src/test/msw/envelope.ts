import { HttpResponse } from 'msw';
import {
  failureCodeForStatus,
  type FailureCode,
  type FieldError,
} from '../../../contract/errors.ts';

/** The API's success envelope. */
export function ok<T>(data: T, message = 'OK', status = 200) {
  return HttpResponse.json({ success: true, data, message }, { status });
}

/** The API's failure envelope; the code defaults to the one the status stands for. */
export function fail(
  status: number,
  message: string,
  errors?: FieldError[],
  code: FailureCode = failureCodeForStatus(status),
) {
  return HttpResponse.json(
    { success: false, code, message, ...(errors ? { errors } : {}) },
    { status },
  );
}
