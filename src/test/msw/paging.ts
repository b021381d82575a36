import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Paged } from '../../../contract/common.ts';

export interface PagingRules<T> {
  sortable: readonly (keyof T & string)[];
  /** Case-insensitive substring filters: query key -> record field. */
  textFilters?: Record<string, keyof T & string>;
  /** Default order when the query has no `sort`, e.g. `-createdAt`. */
  defaultSort: string;
}

export class QueryError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(message);
    this.path = path;
  }
}

function readInt(search: URLSearchParams, key: string, fallback: number, min: number, max: number) {
  const raw = search.get(key);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new QueryError(key, 'Must be a whole number');
  const value = Number(raw);
  if (value < min || value > max) throw new QueryError(key, `Must be between ${min} and ${max}`);
  return value;
}

function compare(a: unknown, b: unknown) {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'string' && typeof b === 'string')
    return a.localeCompare(b, 'en', { sensitivity: 'base' });
  return a < b ? -1 : 1;
}

/**
 * The server's paged-list semantics over an in-memory array: page/limit bounds, one sortable
 * field with `_id` as tie-breaker, case-insensitive substring filters, unknown keys rejected.
 */
export function paginate<T extends { _id: string }>(
  items: readonly T[],
  search: URLSearchParams,
  rules: PagingRules<T>,
): Paged<T> {
  const known = new Set(['page', 'limit', 'sort', ...Object.keys(rules.textFilters ?? {})]);
  for (const key of search.keys()) {
    if (!known.has(key)) throw new QueryError(key, `Unknown field: ${key}`);
  }
  const page = readInt(search, 'page', 1, 1, 1_000_000);
  const limit = readInt(search, 'limit', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
  const sort = search.get('sort') || rules.defaultSort;
  const field = sort.replace(/^-/, '');
  if (!(rules.sortable as readonly string[]).includes(field)) {
    throw new QueryError('sort', 'Cannot sort by this field');
  }
  const direction = sort.startsWith('-') ? -1 : 1;

  let rows = [...items];
  for (const [key, recordField] of Object.entries(rules.textFilters ?? {})) {
    const needle = search.get(key)?.trim().toLowerCase();
    if (!needle) continue;
    rows = rows.filter((row) =>
      String(row[recordField] ?? '')
        .toLowerCase()
        .includes(needle),
    );
  }
  rows.sort(
    (a, b) =>
      direction * compare(a[field as keyof T], b[field as keyof T]) || compare(a._id, b._id),
  );

  const totalCount = rows.length;
  const totalPages = Math.ceil(totalCount / limit);
  return {
    data: rows.slice((page - 1) * limit, page * limit),
    totalCount,
    totalPages,
    currentPage: page,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}

/** Every row on one page, as the API answers a list that fits (no page at all when empty). */
export function onePage<T>(data: readonly T[]): Paged<T> {
  const totalPages = data.length > 0 ? 1 : 0;
  return {
    data: [...data],
    totalCount: data.length,
    totalPages,
    currentPage: 1,
    hasNextPage: false,
    hasPrevPage: false,
  };
}
