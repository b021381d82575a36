import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A timestamp as the API sends it (ISO 8601 in UTC, milliseconds), formatted by PostgreSQL. */
export const isoTimestamp = (column: SQL | AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The first fields of an API record built from the row `row` (a table or its alias). */
export function recordIdentity(row: string) {
  const table = sql.identifier(row);
  return sql`'_id', ${table}.id, 'organizationId', ${table}.organization_id`;
}

/** An API record's version and times (`recordBase` in the contract), from the row `row`. */
export function recordStamp(row: string) {
  const table = sql.identifier(row);
  return sql`'version', ${table}.version,
  'createdAt', ${isoTimestamp(sql`${table}.created_at`)},
  'updatedAt', ${isoTimestamp(sql`${table}.updated_at`)}`;
}

/** Ids as one `uuid[]` parameter list, for `= any(...)` and `unnest(...)`; empty gives `{}`. */
export const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((value) => sql`${value}`),
    sql`, `,
  )}]::uuid[]`;

/** A json column's value, which a driver may hand back parsed or as text. */
export const jsonColumn = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
