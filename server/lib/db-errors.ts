import { conflict, type HttpError } from './http-errors.ts';

interface PostgresErrorFields {
  code: string;
  constraint?: string;
  table?: string;
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** Raised instead of 23503 when the referencing foreign key is declared ON DELETE RESTRICT. */
const RESTRICT_VIOLATION = '23001';
/** A value past its column's numeric precision, such as a total with its tax past numeric(14,2). */
const NUMERIC_OUT_OF_RANGE = '22003';

/** Drizzle wraps driver errors; the PostgreSQL fields live on the error or one of its causes. */
export function findPostgresError(error: unknown): PostgresErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as {
      code?: unknown;
      constraint?: unknown;
      table?: unknown;
      cause?: unknown;
    };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
        ...(typeof candidate.table === 'string' ? { table: candidate.table } : {}),
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

const DEFAULT_UNIQUE_MESSAGE = 'A record with the same details already exists';
const DEFAULT_REFERENCED_MESSAGE =
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

type Fields = Record<string, unknown>;

/** A PostgreSQL error from the driver: its SQLSTATE and the server's own fields. */
function isDriverError(value: Fields): boolean {
  return (
    typeof value.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(value.code) &&
    (typeof value.severity === 'string' || typeof value.routine === 'string')
  );
}

/** Drizzle's wrapper, whose message and `params` hold every value the statement was given. */
function isQueryError(value: Fields): boolean {
  return typeof value.query === 'string' && Array.isArray(value.params);
}

function databaseErrorsIn(error: unknown): { query?: Fields; driver?: Fields } | undefined {
  let query: Fields | undefined;
  let driver: Fields | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const fields = current as Fields;
    if (!query && isQueryError(fields)) query = fields;
    if (!driver && isDriverError(fields)) driver = fields;
    current = fields.cause;
  }
  if (!query && !driver) return undefined;
  return { ...(query ? { query } : {}), ...(driver ? { driver } : {}) };
}

/** Stack frames only: an error's first stack line repeats its message. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.startsWith('    at '))
        .join('\n')
    : undefined;

/**
 * The statement's opening words, enough to tell which one failed. Values travel as parameters,
 * never in the text; a quoted literal is cut off all the same.
 */
function statementHead(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined;
  const head = query.replace(/\s+/g, ' ').trim().split("'")[0] ?? '';
  return head.length > 80 ? `${head.slice(0, 80)}…` : head;
}

/** The shape pino's own error serializer gives, which Fastify's logger types expect. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function plainError(error: Error, depth: number): LoggedError {
  const serialized: LoggedError = {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? '',
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key in serialized) continue;
    serialized[key] = value;
  }
  if (error.cause !== undefined && depth < 5)
    serialized.cause = loggableError(error.cause, depth + 1);
  return serialized;
}

/**
 * How every logged error is written (the logger's `err` serializer). A database error keeps its
 * SQLSTATE, constraint, table, column and the statement's opening words, and loses what carries
 * row values: Drizzle's message and `params` (the whole batch of a failed insert, password hashes
 * included), PostgreSQL's `detail` ("Key (email)=(x@y) already exists", "Failing row contains
 * ..."), `where`, `hint` and whatever follows a colon in its message ('invalid input syntax for
 * type uuid: "abc"').
 */
export function loggableError(error: unknown, depth = 0): unknown {
  return error instanceof Error ? serializeError(error, depth) : error;
}

function serializeError(error: Error, depth: number): LoggedError {
  // Logged as `err` by someone who had no Error in hand.
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const database = databaseErrorsIn(error);
  if (!database) return plainError(error, depth);
  const driver = database.driver ?? {};
  const driverMessage = typeof driver.message === 'string' ? driver.message : 'query failed';
  const serialized: LoggedError = {
    type: error.constructor.name,
    message: `database error: ${driverMessage.split(': ')[0]}`,
    code: driver.code,
    constraint: driver.constraint,
    table: driver.table,
    column: driver.column,
    statement: statementHead(database.query?.query),
    stack: framesOf(error.stack) ?? '',
  };
  // A connection that failed (no PostgreSQL error): the driver's own error says why.
  if (!database.driver && database.query?.cause instanceof Error && depth < 5) {
    serialized.cause = loggableError(database.query.cause, depth + 1);
  }
  for (const key of Object.keys(serialized)) {
    if (serialized[key] === undefined) delete serialized[key];
  }
  return serialized;
}

/** The logger's serializers: whatever key an error is logged under, it goes through the above. */
export const LOG_SERIALIZERS = {
  err: (error: Error): LoggedError => serializeError(error, 0),
  error: (error: unknown) => loggableError(error),
};

/**
 * Runs `work`, turning a number too large for its column into `refusal` (a 400 naming the field
 * whose size caused it) rather than a 500.
 */
export async function refusingNumericOverflow<T>(
  work: () => Promise<T>,
  refusal: () => HttpError,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (findPostgresError(error)?.code !== NUMERIC_OUT_OF_RANGE) throw error;
    throw refusal();
  }
}
