import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify } from 'csv-stringify/sync';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Language } from '../../contract/auth.ts';
import { spreadsheetText } from '../../contract/spreadsheet-text.ts';
import { queryRows, type Database } from '../db/database.ts';
import { parseSort, type SortableFields } from './list-page.ts';

/** Rows per query while a CSV streams: memory holds one page, whatever the list's size. */
const EXPORT_PAGE_SIZE = 1000;

/**
 * One column of a list's CSV. `label` is a key of the area's locale namespace (`fields.name`) or
 * of another (`orders:columns.merchant`); `values` names the object whose keys translate an enum
 * (`status` -> `status.pending`); `value` computes a cell from the record (lines, nested names).
 */
interface CsvColumn {
  key: string;
  label?: string;
  values?: string;
  value?: (record: Record<string, unknown>) => unknown;
}

export interface CsvExport {
  /** Locale namespace whose `fields.*` (or `columns.*`) name the headers, e.g. `merchants`. */
  namespace: string;
  /** Defaults to every key under `fields` of the namespace's English file, in its order. */
  columns?: CsvColumn[];
  /** File name before the date; defaults to the namespace. */
  fileName?: string;
}

type LocaleTree = { [key: string]: string | LocaleTree };

const localesDirectory = new URL('../../public/locales/', import.meta.url);
const localeCache = new Map<string, LocaleTree>();

/**
 * The SPA's own translation files: the CSV's headers then read exactly like the list's columns in
 * the same language, and a translator edits one file for both. A plain link cannot send labels.
 */
function localeNamespace(language: Language, namespace: string): LocaleTree {
  const cacheKey = `${language}/${namespace}`;
  let tree = localeCache.get(cacheKey);
  if (!tree) {
    if (!/^[a-z-]+$/.test(namespace)) throw new Error(`Unknown locale namespace ${namespace}`);
    try {
      tree = JSON.parse(
        readFileSync(new URL(`${language}/${namespace}.json`, localesDirectory), 'utf8'),
      ) as LocaleTree;
    } catch {
      tree = {};
    }
    localeCache.set(cacheKey, tree);
  }
  return tree;
}

function lookup(tree: LocaleTree, path: string): string | undefined {
  let node: string | LocaleTree | undefined = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `key` in `namespace` (or `other:key`) in `language`, then in English, then the key itself. */
function translate(language: Language, namespace: string, key: string): string {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : [namespace, key];
  return (
    lookup(localeNamespace(language, ns), path) ?? lookup(localeNamespace('en', ns), path) ?? key
  );
}

/** The default columns: the form's fields, as the English file lists them. */
function defaultColumns(namespace: string): CsvColumn[] {
  const fields = localeNamespace('en', namespace).fields;
  if (!fields || typeof fields !== 'object') {
    throw new Error(`${namespace}: a CSV export without columns needs fields.* in its locale file`);
  }
  return Object.keys(fields).map((key) => ({ key, label: `fields.${key}` }));
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;

function readPath(record: Record<string, unknown>, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * Spreadsheet-friendly cells: dates as yyyy-MM-dd (a timestamp by its UTC day), amounts as plain
 * numbers, yes/no in the language, enum values by their translated names.
 */
function csvCell(
  language: Language,
  namespace: string,
  column: CsvColumn,
  record: Record<string, unknown>,
): string | number {
  const value = column.value ? column.value(record) : readPath(record, column.key);
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') {
    return translate(language, 'data-io', value ? 'csv.yes' : 'csv.no');
  }
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string') {
    if (column.values) return translate(language, namespace, `${column.values}.${value}`);
    return ISO_TIMESTAMP.test(value) ? value.slice(0, 10) : value;
  }
  return JSON.stringify(value);
}

/**
 * An amount PostgreSQL wrote as text (`numeric::text`, e.g. `-0.40`), so it keeps its two
 * decimals: a value, not user text, and written as it is when it is a plain decimal.
 */
interface CsvDecimal {
  decimal: string;
}

/** What a column gives the writer: user text, a number, or an amount kept as PostgreSQL wrote it. */
export type CsvValue = string | number | CsvDecimal;

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The cell as the file holds it. Text that a spreadsheet would run gets a leading `'`, which
 * makes it text there; numbers are values and never quoted, so -12.50 stays a negative amount.
 * The type decides, not the characters: a name that reads `-2+3` is text and gets the quote.
 */
export function spreadsheetCell(value: CsvValue): string | number {
  if (typeof value === 'number') return value;
  if (typeof value === 'object') {
    return PLAIN_DECIMAL.test(value.decimal) ? value.decimal : spreadsheetCell(value.decimal);
  }
  return spreadsheetText(value);
}

export interface ResolvedCsv {
  headers: string[];
  cells: (record: Record<string, unknown>) => CsvValue[];
  fileName: string;
}

/** `omit`: the keys of columns the caller may not read (a worker's pay for staff). */
export function resolveCsv(
  definition: CsvExport,
  language: Language,
  omit: readonly string[] = [],
): ResolvedCsv {
  const columns = (definition.columns ?? defaultColumns(definition.namespace)).filter(
    (column) => !omit.includes(column.key),
  );
  return {
    headers: columns.map((column) =>
      translate(language, definition.namespace, column.label ?? `fields.${column.key}`),
    ),
    cells: (record) =>
      columns.map((column) => csvCell(language, definition.namespace, column, record)),
    fileName: definition.fileName ?? definition.namespace,
  };
}

/**
 * Rows encoded per chunk: one chunk takes about a millisecond to encode, so a download never
 * holds the event loop longer than that before other requests get their turn.
 */
const ROWS_PER_CHUNK = 200;

/**
 * Streams `records` as UTF-8 CSV with a BOM (so Excel reads Gujarati and Hindi right). The
 * records are pulled as the client reads: a slow download holds one page, not the whole list.
 * Rows are encoded a chunk at a time with csv-stringify's synchronous writer, and the event loop
 * is given back after each chunk: encoding row by row through stream transforms cost 60 µs a
 * row, so 32 downloads of a year's register at once could not finish. Every CSV the server writes
 * goes through here, so every cell passes `spreadsheetCell`.
 */
export function sendCsv(
  reply: FastifyReply,
  csv: ResolvedCsv,
  records: AsyncIterable<Record<string, unknown>>,
  today: Date,
) {
  const encode = (rows: (string | number)[][], first: boolean) =>
    Buffer.from(stringify(rows, { bom: first, header: first, columns: csv.headers }));
  async function* chunks() {
    let rows: (string | number)[][] = [];
    let first = true;
    for await (const record of records) {
      rows.push(csv.cells(record).map(spreadsheetCell));
      if (rows.length === ROWS_PER_CHUNK) {
        yield encode(rows, first);
        rows = [];
        first = false;
        await nextTurn();
      }
    }
    if (rows.length > 0 || first) yield encode(rows, first);
  }
  const date = today.toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.fileName}-${date}.csv"`)
    .send(Readable.from(chunks(), { objectMode: false }));
}

export interface KeysetQuery {
  /** Select list of one record (may reference the tables joined in `from`). */
  select: SQL;
  from: SQL;
  where: SQL;
  /** A list's `sort` (`-createdAt`), resolved through `sortable` exactly as the list does. */
  sort: string;
  sortable: SortableFields;
  idColumn: PgColumn;
  pageSize?: number;
}

interface KeysetPosition {
  key: string | null;
  keyType: string;
  id: string;
}

/**
 * The condition for "after this row" in the list's order (sort expression, then id, both in the
 * sort's direction). PostgreSQL sorts NULLs last ascending and first descending, so a nullable
 * sort key needs its own branch; the key travels as text and is cast back to its own type.
 */
function afterPosition(
  expression: PgColumn | SQL,
  idColumn: PgColumn,
  direction: 'asc' | 'desc',
  position: KeysetPosition,
): SQL {
  const id = sql`${position.id}::uuid`;
  if (position.key === null) {
    return direction === 'asc'
      ? sql`(${expression} is null and ${idColumn} > ${id})`
      : sql`((${expression} is null and ${idColumn} < ${id}) or ${expression} is not null)`;
  }
  // The type name comes from pg_typeof, never from the request.
  const key = sql`${position.key}::${sql.raw(position.keyType)}`;
  // A row comparison, so PostgreSQL starts the page from the (organization, key, id) index.
  return direction === 'asc'
    ? sql`((${expression}, ${idColumn}) > (${key}, ${id}) or ${expression} is null)`
    : sql`(${expression}, ${idColumn}) < (${key}, ${id})`;
}

/**
 * Every row a list query matches, in the list's order, fetched in keyset pages: each page starts
 * after the previous page's last row, so the 100th page costs what the first does (OFFSET would
 * re-read every row before it) and rows written meanwhile neither repeat nor shift the pages.
 */
export async function* keysetRows<Row extends Record<string, unknown>>(
  db: Database,
  query: KeysetQuery,
): AsyncGenerator<Row> {
  const { field, direction } = parseSort(query.sort);
  const expression = query.sortable[field];
  if (!expression) throw new Error(`Sort field "${field}" is not sortable`);
  const order = direction === 'asc' ? sql`asc` : sql`desc`;
  const pageSize = query.pageSize ?? EXPORT_PAGE_SIZE;
  let position: KeysetPosition | undefined;
  for (;;) {
    const after = position
      ? sql`and ${afterPosition(expression, query.idColumn, direction, position)}`
      : sql``;
    const rows = await queryRows<
      Row & { '#key': string | null; '#keyType': string; '#id': string }
    >(
      db,
      sql`select ${query.select}, (${expression})::text as "#key",
            pg_typeof(${expression})::text as "#keyType", ${query.idColumn} as "#id"
          from ${query.from}
          where ${query.where} ${after}
          order by ${expression} ${order}, ${query.idColumn} ${order}
          limit ${pageSize}`,
    );
    for (const { '#key': _key, '#keyType': _type, '#id': _id, ...row } of rows)
      yield row as unknown as Row;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    position = { key: last['#key'], keyType: last['#keyType'], id: last['#id'] };
  }
}

/**
 * `keysetRows` of records the database builds as one JSON value each (`record`), handed on as
 * `toRecord` makes them.
 */
export async function* keysetRecords<T>(
  db: Database,
  record: SQL,
  query: Omit<KeysetQuery, 'select'>,
  toRecord: (value: unknown) => T,
): AsyncGenerator<T> {
  const rows = keysetRows<{ record: unknown }>(db, { ...query, select: sql`${record} as record` });
  for await (const row of rows) yield toRecord(row.record);
}
