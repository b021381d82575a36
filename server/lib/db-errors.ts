import { conflict, type HttpError } from './http-errors.ts';

interface PostgresErrorFields {
  code: string;
  constraint?: string;
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** Raised instead of 23503 when the referencing foreign key is declared ON DELETE RESTRICT. */
const RESTRICT_VIOLATION = '23001';

/** Drizzle wraps driver errors; the PostgreSQL fields live on the error or one of its causes. */
export function findPostgresError(error: unknown): PostgresErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

export interface ConflictMessages {
  /**
   * Unique constraint or index name -> message, or message and the field it concerns (reported
   * in `errors[]` so that a form can show it on that field).
   */
  unique?: Record<string, string | { message: string; path: string }>;
  /** Shown when a delete is refused because other records still point at this one. */
  stillReferenced?: string;
}

export const DEFAULT_UNIQUE_MESSAGE = 'A record with the same details already exists';
export const DEFAULT_REFERENCED_MESSAGE =
  'This record cannot be deleted because other records still refer to it';

/** Maps constraint violations to 409s; anything else is left for the caller (usually a 500). */
export function mapDatabaseError(
  error: unknown,
  messages: ConflictMessages = {},
): HttpError | undefined {
  const pgError = findPostgresError(error);
  if (!pgError) return undefined;
  if (pgError.code === UNIQUE_VIOLATION) {
    const known = pgError.constraint ? messages.unique?.[pgError.constraint] : undefined;
    if (typeof known === 'object') {
      return conflict(known.message, {
        code: 'duplicate',
        errors: [{ path: known.path, code: 'duplicate', message: known.message }],
      });
    }
    return conflict(known || DEFAULT_UNIQUE_MESSAGE, { code: 'duplicate' });
  }
  if (pgError.code === FOREIGN_KEY_VIOLATION || pgError.code === RESTRICT_VIOLATION) {
    return conflict(messages.stillReferenced ?? DEFAULT_REFERENCED_MESSAGE, {
      code: 'still_referenced',
    });
  }
  return undefined;
}
