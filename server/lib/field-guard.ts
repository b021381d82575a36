import type { FastifyRequest } from 'fastify';
import { can, type Permission } from '../../contract/permissions.ts';
import { englishFieldMessage } from '../../contract/validation.ts';
import { authenticatedOf } from './request-auth.ts';
import { badRequest, HttpError, staleVersion } from './http-errors.ts';
import { parseSort } from './list-page.ts';

/** Fields of a record only roles with `permission` may read (a worker's pay). */
export interface FieldGuard {
  permission: Permission;
  fields: readonly string[];
}

/** The guarded fields the caller's role may not read (none without a guard). */
export function hiddenFieldsFor(request: FastifyRequest, guard: FieldGuard | undefined) {
  if (!guard || can(authenticatedOf(request).session.user.role, guard.permission)) return [];
  return guard.fields;
}

function withoutFields<T>(record: T, fields: readonly string[]): T {
  if (fields.length === 0) return record;
  const copy = { ...(record as Record<string, unknown>) };
  for (const field of fields) delete copy[field];
  return copy as T;
}

/** Records as the caller's role may read them: every answer that carries one goes through it. */
export function readableFor(request: FastifyRequest, guard: FieldGuard | undefined) {
  const hidden = hiddenFieldsFor(request, guard);
  return <T>(record: T): T => withoutFields(record, hidden);
}

/**
 * A `stale_version` conflict answers with the record as it is now, which a role that may write
 * but not read every field (staff logging work) must get in its own view too.
 */
export async function withReadableConflict<T>(
  work: Promise<T>,
  readable: <R>(record: R) => R,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof HttpError && error.code === 'stale_version' && error.data) {
      throw staleVersion(readable(error.data));
    }
    throw error;
  }
}

/**
 * A list sorted by a field the caller may not read would rank the records by it (who earns the
 * most), so that sort is refused as one the list does not have.
 */
export function assertSortReadable(
  request: FastifyRequest,
  guard: FieldGuard | undefined,
  sort: string | undefined,
) {
  if (sort === undefined || !hiddenFieldsFor(request, guard).includes(parseSort(sort).field)) {
    return;
  }
  const params = { rule: 'sort' };
  throw badRequest('Validation failed', [
    {
      path: 'sort',
      code: 'invalid_value',
      params,
      message: englishFieldMessage('invalid_value', params),
    },
  ]);
}
