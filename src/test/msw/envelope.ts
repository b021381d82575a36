import { HttpResponse } from 'msw';

/** The API's success envelope. */
export function ok<T>(data: T, message = 'OK', status = 200) {
  return HttpResponse.json({ success: true, data, message }, { status });
}

/** The API's failure envelope. */
export function fail(
  status: number,
  message: string,
  errors?: { path: string; message: string }[],
) {
  return HttpResponse.json({ success: false, message, ...(errors ? { errors } : {}) }, { status });
}
