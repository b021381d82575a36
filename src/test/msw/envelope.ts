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

/**
 * The API's failure envelope; the code defaults to the one the status stands for. `data` goes
 * along when given (the current record with `stale_version`).
 */
export function fail(
  status: number,
  message: string,
  errors?: FieldError[],
  code: FailureCode = failureCodeForStatus(status),
  data?: unknown,
) {
  return HttpResponse.json(
    {
      success: false,
      code,
      message,
      ...(errors ? { errors } : {}),
      ...(data !== undefined ? { data } : {}),
    },
    { status },
  );
}

/** The API's refusal of a body that breaks its schema, with the reason of each field. */
export function validationFailed(errors: FieldError[]) {
  return fail(400, 'Validation failed', errors);
}
