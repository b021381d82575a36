import { ok } from './envelope.ts';
import { notFound } from './http-errors.ts';

/** The record in the success envelope, or the 404 with `notFoundMessage` when there is none. */
export function okIfFound<T>(
  record: T | null | undefined,
  notFoundMessage: string,
  message: string,
) {
  if (!record) throw notFound(notFoundMessage);
  return ok(record, message);
}
