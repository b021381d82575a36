import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { calendarDateBetween, MONEY_MAX, recordVersion } from '../../../contract/common.ts';
import * as schema from '../../db/schema.ts';

/**
 * What a backup's row must hold before anything is written: every column checked as the database
 * stores it (found in the schema, so a column added later is checked without a list to edit),
 * plus the business rules the database's checks and triggers would refuse. The rows are the
 * database's own `row_to_json`: snake_case keys, numbers for numeric columns, ISO text for dates.
 */

const INT4_MAX = 2_147_483_647;
const gstRate = z.literal([0, 5, 12, 18, 28]);

/** NUL and unpaired surrogates are what PostgreSQL text and jsonb refuse; other text is stored. */
const storableText = z
  .string()
  .refine((value) => !value.includes('\u0000'), { error: 'controlCharacter', abort: true })
  .refine((value) => !/\p{Cs}/u.test(value), { error: 'unpairedSurrogate', abort: true });

function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return storableText.safeParse(value).success;
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).every(
      ([key, inner]) => isStorableJson(key) && isStorableJson(inner),
    );
  }
  return true;
}

const storableJson = z
  .unknown()
  .refine((value) => value !== undefined && value !== null, { error: 'required', abort: true })
  .refine(isStorableJson, { error: 'controlCharacter' });

/** A missing value is "required", like any other; PostgreSQL takes any hex UUID, not only RFC ones. */
const missingOr = (rule: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'required' : rule;

const uuidText = z.guid({ error: missingOr('id') });

/** Any date PostgreSQL keeps as a four-digit year, but a real one (no 2025-02-30). */
const storedDate = calendarDateBetween('0001-01-01', '9999-12-31');

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2}){0,2})$/;

const storedTimestamp = z.string().refine(
  (value) => {
    const match = TIMESTAMP.exec(value);
    if (!match) return false;
    const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
      .slice(1, 7)
      .map(Number);
    const date = new Date(Date.UTC(year, month - 1, day));
    return (
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day &&
      hour < 24 &&
      minute < 60 &&
      second < 60
    );
  },
  { error: 'invalid_format' },
);

const hasAtMostDecimals = (value: number, scale: number) =>
  new RegExp(`^-?\\d+(\\.\\d{1,${scale}})?$`).test(String(value));

function numericSchema(precision: number, scale: number) {
  const limit = 10 ** (precision - scale) - 10 ** -scale;
  return z
    .number()
    .min(-limit)
    .max(limit)
    .refine((value) => hasAtMostDecimals(value, scale), { error: 'money' });
}

/** Money as the business rules allow it: never below zero unless a rule says otherwise. */
const money = (minimum: 'zero' | 'above_zero' | 'any') => {
  const base = z.number();
  const bounded =
    minimum === 'zero' ? base.min(0) : minimum === 'above_zero' ? base.gt(0) : base.min(-MONEY_MAX);
  return bounded.max(MONEY_MAX).refine((value) => hasAtMostDecimals(value, 2), { error: 'money' });
};

const int = (min: number, max: number) => z.number().int({ error: 'integer' }).min(min).max(max);

/** Columns whose rules are narrower than their type's: the database's checks, and money signs. */
const COLUMN_RULES: Record<string, Record<string, z.ZodType>> = {
  organizations: {
    default_gst_rate: gstRate,
    payment_terms_days: int(0, 365),
  },
  bills: {
    gst_rate: gstRate,
    // Rounding to the rupee goes either way.
    round_off: money('any'),
  },
  bill_notes: {
    gst_rate: gstRate,
    taxable_amount: money('above_zero'),
    // As on bills: rounding to the rupee goes either way.
    round_off: money('any'),
  },
  payments: { amount: money('above_zero') },
  payment_allocations: { amount: money('above_zero') },
  expenses: { amount: money('above_zero') },
  worker_salaries: { amount: money('above_zero'), month: int(1, 12), year: int(2000, 2100) },
  order_lines: { quantity: int(1, 1_000_000) },
  job_cards: {
    quantity: int(1, 1_000_000),
    pieces_done: int(0, INT4_MAX),
    pieces_rejected: int(0, INT4_MAX),
  },
  production_entries: { pieces_done: int(0, 1_000_000), pieces_rejected: int(0, 1_000_000) },
  production_stages: { position: int(0, INT4_MAX) },
};

function typeSchema(tableName: string, column: PgColumn): z.ZodType {
  const rule = COLUMN_RULES[tableName]?.[column.name];
  if (rule) return rule;
  if (column.name === 'version') return recordVersion;
  if (column.enumValues && column.enumValues.length > 0) {
    return z.enum(column.enumValues as [string, ...string[]]);
  }
  const { precision, scale } = column as unknown as { precision?: number; scale?: number };
  switch (column.columnType) {
    case 'PgUUID':
      return uuidText;
    case 'PgText':
      return storableText;
    case 'PgInteger':
      return int(-INT4_MAX - 1, INT4_MAX);
    case 'PgBigInt53':
      return z
        .number()
        .int({ error: 'integer' })
        .min(Number.MIN_SAFE_INTEGER)
        .max(Number.MAX_SAFE_INTEGER);
    case 'PgNumericNumber':
    case 'PgNumeric':
      if (precision === 14 && scale === 2) return money('zero');
      return numericSchema(precision ?? 38, scale ?? 0);
    case 'PgDateString':
      return storedDate;
    case 'PgTimestamp':
      return storedTimestamp;
    case 'PgBoolean':
      return z.boolean({ error: missingOr('boolean') });
    case 'PgJsonb':
      return storableJson;
    default:
      throw new Error(`No backup check for ${tableName}.${column.name} (${column.columnType})`);
  }
}

export interface RowSchemaOptions {
  /** Columns the restore writes from the file: the first row's, as the insert lists them. */
  written: Set<string>;
  /** Columns the restore fills itself (the organization, remapped users): anything goes. */
  filledByRestore: Set<string>;
}

/**
 * One row of `table`. A column the restore writes and the database requires must be in every row
 * (a row without it would insert a null); one the file leaves out entirely is taken from the
 * column's default, and must have one.
 */
export function rowSchema(table: PgTable, options: RowSchemaOptions): z.ZodType {
  const { name, columns } = getTableConfig(table);
  const shape: Record<string, z.ZodType> = {};
  for (const column of columns) {
    if (options.filledByRestore.has(column.name)) continue;
    const type = typeSchema(name, column);
    const computed = column.generated !== undefined || column.generatedIdentity !== undefined;
    const required =
      column.notNull && !computed && (options.written.has(column.name) || !column.hasDefault);
    shape[column.name] = required ? type : type.nullish();
  }
  return z.looseObject(shape);
}

/** The schema's table of that name, for files that name their tables (the operator's dump). */
export function schemaTable(name: string): PgTable | undefined {
  return (Object.values(schema) as unknown[]).find(
    (value): value is PgTable => is(value, PgTable) && getTableConfig(value).name === name,
  );
}
