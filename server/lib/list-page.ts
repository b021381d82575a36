import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Paged } from '../../contract/common.ts';

/** A filter turns one parsed query value into a condition; undefined means "no condition". */
export type FilterDefinitions<Query> = {
  [K in keyof Query]?: (value: NonNullable<Query[K]>) => SQL | undefined;
};

/** Sortable API field -> the expression ordered by (a column, or e.g. lower(name)). */
export type SortableFields = Record<string, PgColumn | SQL>;

/** `%`, `_` and the escape character itself match literally in LIKE/ILIKE patterns. */
export function escapeLikePattern(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Case-insensitive substring match in which `%` and `_` are ordinary characters. */
export const containsText =
  (column: PgColumn | SQL) =>
  (value: string): SQL | undefined =>
    value === '' ? undefined : sql`${column} ilike ${`%${escapeLikePattern(value)}%`}`;

/** Case-insensitive substring match on any of several columns. */
export const containsTextInAny =
  (...columns: (PgColumn | SQL)[]) =>
  (value: string): SQL | undefined => {
    if (value === '') return undefined;
    const pattern = `%${escapeLikePattern(value)}%`;
    return sql`(${sql.join(
      columns.map((column) => sql`${column} ilike ${pattern}`),
      sql` or `,
    )})`;
  };

export const equalsValue =
  <T>(column: PgColumn) =>
  (value: T): SQL =>
    sql`${column} = ${value}`;

export function buildFilterConditions<Query extends Record<string, unknown>>(
  filters: FilterDefinitions<Query>,
  query: Query,
): SQL[] {
  const conditions: SQL[] = [];
  for (const key of Object.keys(filters) as (keyof Query)[]) {
    const value = query[key];
    if (value === undefined || value === null || value === '') continue;
    const condition = filters[key]?.(value);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

export interface ParsedSort {
  field: string;
  direction: 'asc' | 'desc';
}

export function parseSort(sort: string): ParsedSort {
  return sort.startsWith('-')
    ? { field: sort.slice(1), direction: 'desc' }
    : { field: sort, direction: 'asc' };
}

/**
 * ORDER BY for a sort string, always ending with the id in the same direction so that equal
 * values keep a stable order across pages.
 */
export function orderByFor(sort: string, sortable: SortableFields, idColumn: PgColumn): SQL[] {
  const { field, direction } = parseSort(sort);
  const expression = sortable[field];
  if (!expression) throw new Error(`Sort field "${field}" is not sortable`);
  const order = direction === 'asc' ? asc : desc;
  return [order(expression), order(idColumn)];
}

export function pageInfo<T>(rows: T[], totalCount: number, page: number, limit: number): Paged<T> {
  const totalPages = Math.ceil(totalCount / limit);
  return {
    data: rows,
    totalCount,
    totalPages,
    currentPage: page,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}
