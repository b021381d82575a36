import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const FILTER_DEBOUNCE_MS = 300;

export type FilterSpec =
  | { type: 'text' }
  | { type: 'select'; options: readonly string[] }
  | { type: 'boolean' }
  | { type: 'date' }
  | { type: 'integer'; min?: number; max?: number }
  | { type: 'amount' }
  | { type: 'id' };

export type FilterSpecs = Record<string, FilterSpec>;

type FilterValue<S extends FilterSpec> = S extends { type: 'boolean' }
  ? boolean
  : S extends { type: 'integer' } | { type: 'amount' }
    ? number
    : string;

type FilterValues<F extends FilterSpecs> = { [K in keyof F]?: FilterValue<F[K]> };

export type SortValue<S extends string> = S | `-${S}`;

export interface ListParamsConfig<F extends FilterSpecs, S extends string> {
  filters: F;
  sortable: readonly S[];
  /** The order the server applies when no `sort` is sent; shown in the headers, never in the URL. */
  defaultSort?: SortValue<S>;
  debounceMs?: number;
}

export type ListParams<F extends FilterSpecs, S extends string> = {
  page: number;
  limit: number;
  sort?: SortValue<S>;
} & FilterValues<F>;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isRealDate(value: string) {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Reads one filter from the URL; anything the API would reject counts as "not set". */
export function parseFilter(
  spec: FilterSpec,
  raw: string | null,
): string | number | boolean | undefined {
  if (raw === null) return undefined;
  const value = raw.trim();
  if (value === '') return undefined;
  switch (spec.type) {
    case 'text':
      return raw;
    case 'select':
      return spec.options.includes(value) ? value : undefined;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : undefined;
    case 'date':
      return isRealDate(value) ? value : undefined;
    case 'id':
      return UUID_PATTERN.test(value) ? value : undefined;
    case 'integer': {
      if (!/^-?\d+$/.test(value)) return undefined;
      const number = Number(value);
      if (spec.min !== undefined && number < spec.min) return undefined;
      if (spec.max !== undefined && number > spec.max) return undefined;
      return number;
    }
    case 'amount':
      return /^\d+(\.\d{1,2})?$/.test(value) ? Number(value) : undefined;
  }
}

function parsePositiveInt(raw: string | null, fallback: number) {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : fallback;
}

function parseLimit(raw: string | null) {
  const value = parsePositiveInt(raw, DEFAULT_LIMIT);
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(value) ? value : DEFAULT_LIMIT;
}

function parseSort<S extends string>(
  raw: string | null,
  sortable: readonly S[],
): SortValue<S> | undefined {
  if (!raw) return undefined;
  const field = raw.startsWith('-') ? raw.slice(1) : raw;
  return (sortable as readonly string[]).includes(field) ? (raw as SortValue<S>) : undefined;
}

/**
 * The list request a URL stands for: `useListParams` reads it so, and so can code that runs
 * before the page does (starting the page's request while its code loads).
 */
export function readListParams<F extends FilterSpecs, S extends string>(
  config: Pick<ListParamsConfig<F, S>, 'filters' | 'sortable'>,
  search: URLSearchParams,
): ListParams<F, S> {
  const result: Record<string, unknown> = {
    page: parsePositiveInt(search.get('page'), DEFAULT_PAGE),
    limit: parseLimit(search.get('limit')),
  };
  const sort = parseSort(search.get('sort'), config.sortable);
  if (sort) result.sort = sort;
  for (const [key, spec] of Object.entries(config.filters)) {
    const value = parseFilter(spec, search.get(key));
    if (value !== undefined) result[key] = value;
  }
  // The API refuses a range that ends before it starts; until the user mends it, the list shows
  // as if neither end were set rather than an error.
  const { startDate, endDate } = result;
  if (typeof startDate === 'string' && typeof endDate === 'string' && startDate > endDate) {
    delete result.startDate;
    delete result.endDate;
  }
  return result as ListParams<F, S>;
}

/**
 * List state (page, page size, sort, filters) kept in the URL so it survives reloads and can be
 * shared. Any change other than the page itself goes back to page 1; text filters reach the URL
 * (and so the API) only after typing pauses.
 */
export function useListParams<F extends FilterSpecs, S extends string>(
  config: ListParamsConfig<F, S>,
) {
  const { filters: specs, sortable, defaultSort } = config;
  const debounceMs = config.debounceMs ?? FILTER_DEBOUNCE_MS;
  const [searchParams, setSearchParams] = useSearchParams();

  // Callbacks read the newest URL through refs, so several updates in one tick don't overwrite
  // each other and the returned functions can stay stable.
  const searchRef = useRef(searchParams);
  const setSearchRef = useRef(setSearchParams);
  useLayoutEffect(() => {
    searchRef.current = searchParams;
    setSearchRef.current = setSearchParams;
  }, [searchParams, setSearchParams]);

  const [textEdits, setTextEdits] = useState<Record<string, string>>({});
  const pendingText = useRef<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Configs are usually written inline; comparing them by content keeps the callbacks stable.
  const specKey = JSON.stringify(specs);
  const parsedSpecs = useMemo(() => JSON.parse(specKey) as FilterSpecs, [specKey]);
  const sortableKey = sortable.join(',');

  const page = parsePositiveInt(searchParams.get('page'), DEFAULT_PAGE);
  const limit = parseLimit(searchParams.get('limit'));
  const explicitSort = parseSort(searchParams.get('sort'), sortable);
  const sort = explicitSort ?? defaultSort;

  const search = searchParams.toString();
  const filters = useMemo(() => {
    const current = new URLSearchParams(search);
    const values: Record<string, string | number | boolean> = {};
    for (const [key, spec] of Object.entries(parsedSpecs)) {
      const value = parseFilter(spec, current.get(key));
      if (value !== undefined) values[key] = value;
    }
    return values as FilterValues<F>;
  }, [search, parsedSpecs]);

  const commit = useCallback(
    (
      mutate: (next: URLSearchParams) => void,
      options: { keepPage?: boolean; push?: boolean } = {},
    ) => {
      const next = new URLSearchParams(searchRef.current);
      for (const [key, value] of Object.entries(pendingText.current)) {
        if (value.trim() === '') next.delete(key);
        else next.set(key, value);
      }
      if (Object.keys(pendingText.current).length > 0) options = { ...options, keepPage: false };
      pendingText.current = {};
      clearTimeout(timer.current);
      mutate(next);
      if (!options.keepPage) next.delete('page');
      searchRef.current = next;
      setSearchRef.current(next, { replace: !options.push });
    },
    [],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  // Typed text gives way to the URL only once the URL holds it: clearing it at commit time left a
  // moment in which the input showed the old value and swallowed the next keystroke.
  useEffect(() => {
    setTextEdits((edits) => {
      const settled = Object.keys(edits).filter((key) => !(key in pendingText.current));
      if (settled.length === 0) return edits;
      return Object.fromEntries(
        Object.entries(edits).filter(([key]) => key in pendingText.current),
      );
    });
  }, [search]);

  const setFilter = useCallback(
    <K extends keyof F & string>(key: K, value: FilterValue<F[K]> | undefined | null) => {
      const spec = parsedSpecs[key];
      if (!spec) return;
      if (spec.type === 'text') {
        const text = typeof value === 'string' ? value : '';
        pendingText.current = { ...pendingText.current, [key]: text };
        setTextEdits((edits) => ({ ...edits, [key]: text }));
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(() => undefined), debounceMs);
        return;
      }
      commit((next) => {
        if (value === undefined || value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      });
    },
    [commit, debounceMs, parsedSpecs],
  );

  const setPage = useCallback(
    (nextPage: number) =>
      commit(
        (next) => {
          if (nextPage <= DEFAULT_PAGE) next.delete('page');
          else next.set('page', String(nextPage));
        },
        { keepPage: true, push: true },
      ),
    [commit],
  );

  const setLimit = useCallback(
    (nextLimit: number) =>
      commit((next) => {
        if (nextLimit === DEFAULT_LIMIT) next.delete('limit');
        else next.set('limit', String(nextLimit));
      }),
    [commit],
  );

  const setSort = useCallback(
    (nextSort: SortValue<S> | undefined) =>
      commit((next) => {
        if (!nextSort || nextSort === defaultSort) next.delete('sort');
        else next.set('sort', nextSort);
      }),
    [commit, defaultSort],
  );

  /** Ascending first; the same column again flips the direction. */
  const toggleSort = useCallback(
    (field: S) => {
      const current =
        parseSort(searchRef.current.get('sort'), sortableKey.split(',') as S[]) ?? defaultSort;
      const isAscending = current === field;
      setSort(isAscending ? `-${field}` : field);
    },
    [defaultSort, setSort, sortableKey],
  );

  const reset = useCallback(() => {
    pendingText.current = {};
    clearTimeout(timer.current);
    setTextEdits({});
    commit((next) => {
      for (const key of [...next.keys()]) {
        if (key === 'page' || key === 'limit' || key === 'sort' || key in parsedSpecs)
          next.delete(key);
      }
    });
  }, [commit, parsedSpecs]);

  /** Moves back to the last page when the current one no longer exists (e.g. after a delete). */
  const clampPage = useCallback(
    (totalPages: number) => {
      if (totalPages >= 1 && page > totalPages) setPage(totalPages);
    },
    [page, setPage],
  );

  /** What the inputs show: the text being typed, otherwise what the URL holds. */
  const inputValues = useMemo(() => {
    const values: Record<string, unknown> = { ...filters };
    for (const [key, text] of Object.entries(textEdits)) values[key] = text;
    return values as FilterValues<F>;
  }, [filters, textEdits]);

  // The same reading as a prefetch started before the page renders, so both use one query key.
  const params = useMemo(
    () =>
      readListParams<F, S>(
        { filters: parsedSpecs as F, sortable: (sortableKey ? sortableKey.split(',') : []) as S[] },
        new URLSearchParams(search),
      ),
    [search, parsedSpecs, sortableKey],
  );

  const isFiltered =
    Object.keys(filters).length > 0 || Object.keys(textEdits).some((k) => textEdits[k] !== '');
  const isDefault =
    !isFiltered && page === DEFAULT_PAGE && limit === DEFAULT_LIMIT && !explicitSort;

  return {
    page,
    limit,
    /** The order in effect, including the server's default. */
    sort,
    filters,
    inputValues,
    params,
    isFiltered,
    isDefault,
    setFilter,
    setPage,
    setLimit,
    setSort,
    toggleSort,
    reset,
    clampPage,
  };
}
