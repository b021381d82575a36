import { z } from 'zod';
import {
  FAILURE_CODES,
  FIELD_ERROR_CODES,
  type ErrorEnvelope,
  type FieldError,
  type FieldErrorParams,
} from './errors.ts';
import { ROLES } from './permissions.ts';
import {
  isInvisibleOnly,
  LIMITS,
  plainTextChecks,
  textContentChecks,
  type TextOptions,
} from './text.ts';

export const MONEY_MAX = 999_999_999_999.99;

// An empty picker sends '' : that is a missing choice, not a malformed id.
export const id = z.uuid({
  error: (issue) => (issue.input === '' || issue.input == null ? 'required' : 'id'),
});

/** ISO-8601 date-time as produced by the server. */
export const timestamp = z.string();

const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';

/** Date bounds travel in issues as epoch milliseconds, as zod's own date checks do. */
export const dateBound = (date: string) => Date.parse(date);

/**
 * A calendar date `yyyy-MM-dd` that really exists (no 2025-02-30) within `min`..`max` (inclusive),
 * by default 2000-01-01..2100-12-31: a year such as 0100 or 9999 is a typing slip, not a record.
 */
export const calendarDateBetween = (min: string, max: string) =>
  z.iso
    // A missing date is "required", like any other missing field; anything else malformed is "date".
    .date({
      error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'date'),
    })
    .refine(
      (value) => {
        const [y, m, d] = value.split('-').map(Number) as [number, number, number];
        const date = new Date(Date.UTC(y, m - 1, d));
        return (
          date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
        );
      },
      // A string that is not even a date already has its format issue; one message per field.
      { error: 'date', when: (payload) => payload.issues.length === 0 },
    )
    .superRefine((value, context) => {
      if (context.issues.length > 0) return;
      // ISO dates of four-digit years compare correctly as strings.
      if (value < min) {
        context.addIssue({
          code: 'too_small',
          origin: 'date',
          minimum: dateBound(min),
          inclusive: true,
          input: value,
          message: 'too_small',
        });
      } else if (value > max) {
        context.addIssue({
          code: 'too_big',
          origin: 'date',
          maximum: dateBound(max),
          inclusive: true,
          input: value,
          message: 'too_big',
        });
      }
    });

export const calendarDate = calendarDateBetween(DATE_MIN, DATE_MAX);

const hasAtMostTwoDecimals = (value: number) => /^-?\d+(\.\d{1,2})?$/.test(String(value));

/** Money: a JSON number, two decimals at most, within numeric(14,2). */
export const money = z
  .number()
  .min(0)
  .max(MONEY_MAX)
  .refine(hasAtMostTwoDecimals, { error: 'money' });

export const positiveMoney = z
  .number()
  .gt(0)
  .max(MONEY_MAX)
  .refine(hasAtMostTwoDecimals, { error: 'money' });

export { isInvisibleOnly, LIMITS, type TextOptions } from './text.ts';

/**
 * A trimmed string without control characters or unpaired surrogates, the base of every free-text
 * field and filter: PostgreSQL refuses NUL in text, and the others corrupt what is shown or exported.
 */
export const plainText = (options: TextOptions = {}) =>
  z.string().check(...plainTextChecks(options));

/** A password keeps its spaces but, like any text, has no control characters or broken pairs. */
export const passwordText = () => z.string().check(...textContentChecks());

/** A required text field: trimmed, non-empty, bounded, and more than invisible characters. */
export const requiredText = (max: number, options: TextOptions = {}) =>
  plainText(options)
    .min(1)
    .max(max)
    .refine((value) => !isInvisibleOnly(value), {
      error: 'invisibleOnly',
      when: (payload) => payload.issues.length === 0,
    });

/**
 * An optional text field: trimmed; an empty (or invisible-only) string becomes null; null clears
 * it. Output is `string | null | undefined` (undefined = not sent, which PUT leaves unchanged).
 */
export const optionalText = (max: number, options: TextOptions = {}) =>
  plainText(options)
    .max(max)
    .nullish()
    .transform((value) => (value != null && isInvisibleOnly(value) ? null : value));

export const optionalEmail = plainText()
  .max(LIMITS.email)
  .nullish()
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value == null || z.email().safeParse(value).success, { error: 'email' });

export const optionalPhone = optionalText(LIMITS.phone).refine(
  (value) => value == null || /^[+0-9][0-9 ()-]{3,19}$/.test(value),
  { error: 'phone' },
);

/** A record's version: 1 when created, one more with every change. */
export const recordVersion = z
  .number()
  .int({ error: 'integer' })
  .min(1)
  // The column is a PostgreSQL integer; a larger number can never be a stored version.
  .max(2_147_483_647);

/** The body of an action route (status change, set-active): the version is checked when given. */
export const actionVersion = { version: recordVersion.optional() };

/** Keys a client may send back from what it read; the server ignores them. */
const readOnlyKeys = {
  _id: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  createdBy: z.unknown().optional(),
  updatedBy: z.unknown().optional(),
  merchant: z.unknown().optional(),
  worker: z.unknown().optional(),
  design: z.unknown().optional(),
  amount: z.unknown().optional(),
  totalQuantity: z.unknown().optional(),
  totalAmount: z.unknown().optional(),
  // An order's bill is set by billing, never by editing the order.
  billId: z.unknown().optional(),
  billNumber: z.unknown().optional(),
  organizationId: z.uuid({ error: 'organizationMismatch' }).optional(),
};

/**
 * Builds the create (POST, whole record) and update (PUT, merge) body schemas of a resource from
 * one shape. Unknown keys are rejected; read-only keys are accepted and dropped; `organizationId`
 * is kept so the server can check it against the session.
 * Only keys the resource does not define itself are treated as read-only.
 */
export function writeSchemas<Shape extends z.ZodRawShape>(shape: Shape) {
  const extra = Object.fromEntries(
    Object.entries(readOnlyKeys).filter(([key]) => !(key in shape)),
  ) as Partial<typeof readOnlyKeys>;
  const strip = (value: Record<string, unknown>) => {
    const copy = { ...value };
    for (const key of Object.keys(extra)) if (key !== 'organizationId') delete copy[key];
    return copy;
  };
  // A create may carry the version it read (a copied record); the new record starts at 1 anyway.
  const create = z
    .strictObject({ ...shape, ...extra, version: z.unknown().optional() })
    .transform((value: Record<string, unknown>) => {
      const { version: _version, ...fields } = value;
      return strip(fields);
    });
  // An update names the version it read, so a write made from an older read is refused.
  const update = z
    .strictObject({ ...shape, ...extra })
    .partial()
    .extend({ version: recordVersion })
    .transform(strip);
  return {
    create: create as unknown as z.ZodType<
      z.output<z.ZodObject<Shape>> & { organizationId?: string },
      z.input<z.ZodObject<Shape>> & Record<string, unknown>
    >,
    update: update as unknown as z.ZodType<
      Partial<z.output<z.ZodObject<Shape>>> & { organizationId?: string; version: number },
      Partial<z.input<z.ZodObject<Shape>>> & Record<string, unknown> & { version: number }
    >,
  };
}

/**
 * The four schemas of a CRUD area's routes, from its record, its writable fields and its list
 * query, named as `crudModule` on the server and the resource factory in the client read them.
 */
export function crudSchemas<
  RecordSchema extends z.ZodType,
  Shape extends z.ZodRawShape,
  ListQuery extends z.ZodType,
>(record: RecordSchema, shape: Shape, listQuery: ListQuery) {
  return { record, ...writeSchemas(shape), listQuery };
}

/** Every stored record carries these. */
export const recordBase = {
  _id: id,
  organizationId: id,
  version: recordVersion,
  createdAt: timestamp,
  updatedAt: timestamp,
};

// ---------------------------------------------------------------------------------------------
// Query strings

/** Empty query values are ignored (treated as absent). */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A filter a list query may leave out. */
const queryOptional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

const queryText = (max = 120) => queryOptional(plainText().max(max));

const queryBoolean = z.preprocess(
  blankToUndefined,
  z
    .enum(['true', 'false'], { error: 'boolean' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
);

const queryInt = (min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^-?\d+$/, { error: 'integer' })
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .optional(),
  );

const queryMoney = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, { error: 'money' })
    .transform(Number)
    .pipe(z.number().min(0).max(MONEY_MAX))
    .optional(),
);

const queryDate = queryOptional(calendarDate);
const queryId = queryOptional(id);

/**
 * The fields a query string carries. Each may be left out, and a blank value (`?status=`) counts
 * as left out; the list's schema reads them as `merchantId: queryParam.id`.
 */
export const queryParam = {
  optional: queryOptional,
  text: queryText,
  boolean: queryBoolean,
  int: queryInt,
  money: queryMoney,
  date: queryDate,
  id: queryId,
};

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** `sort` is one sortable field, `field` ascending or `-field` descending. */
function sortParam<const F extends readonly [string, ...string[]]>(fields: F) {
  const values = fields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return z.preprocess(blankToUndefined, z.enum(values, { error: 'sort' }).optional()) as z.ZodType<
    `${F[number]}` | `-${F[number]}` | undefined,
    unknown
  >;
}

/** A paged list's query: page, limit, sort and the resource's filters; unknown keys are 400. */
export function listQuery<
  const F extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape,
>(sortable: F, filters: Filters) {
  return z.strictObject({
    page: z.preprocess(blankToUndefined, queryInt(1, 1_000_000)).transform((v) => v ?? 1),
    limit: z
      .preprocess(blankToUndefined, queryInt(1, MAX_PAGE_SIZE))
      .transform((v) => v ?? DEFAULT_PAGE_SIZE),
    sort: sortParam(sortable),
    ...filters,
  });
}

/** Refinement for a list query with a date range. */
export const startNotAfterEnd = <
  T extends { startDate?: string | undefined; endDate?: string | undefined },
>(
  value: T,
) => !(value.startDate && value.endDate && value.startDate > value.endDate);

/** The date range a dated list filters by; the list places it among its filters. */
export const dateRangeFilters = { startDate: queryDate, endDate: queryDate };

/** A list query whose filters include `...dateRangeFilters`, `startDate` not after `endDate`. */
export function datedListQuery<
  const F extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape & typeof dateRangeFilters,
>(sortable: F, filters: Filters) {
  const query = listQuery(sortable, filters);
  // Over a generic shape TypeScript sees every output field as unknown; these two are dates.
  return query.refine(
    (value) => startNotAfterEnd(value as { startDate?: string; endDate?: string }),
    {
      error: 'dateRange',
      path: ['startDate'],
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Responses

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string() });

export type { ErrorEnvelope } from './errors.ts';

const pageSchemas = new WeakMap<z.ZodType, z.ZodType>();

/**
 * One page of a list. The same item always gets the same schema, so the page can carry a name of
 * its own in the OpenAPI document (contract/schema-ids.ts) wherever a route uses it.
 */
export const paged = <T extends z.ZodType>(item: T) => {
  const known = pageSchemas.get(item);
  if (known) return known as ReturnType<typeof pageOf<T>>;
  const page = pageOf(item);
  pageSchemas.set(item, page);
  return page;
};

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    currentPage: z.number().int(),
    hasNextPage: z.boolean(),
    hasPrevPage: z.boolean(),
  });

export type Paged<T> = {
  data: T[];
  totalCount: number;
  totalPages: number;
  currentPage: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
};

export const pickList = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
export type PickList<T> = { data: T[] };

export const deleted = z.object({ _id: id });

// ---------------------------------------------------------------------------------------------
// Failures and roles: the codes live in errors.ts and permissions.ts, without zod, so the app's
// startup code can read them; these are the schemas that check them.

const failureCode = z.enum(FAILURE_CODES);
const fieldErrorCode = z.enum(FIELD_ERROR_CODES);

const fieldErrorParams = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean()]),
) satisfies z.ZodType<FieldErrorParams>;

export const fieldError = z.object({
  /** Dotted path of the field, e.g. `designs.0.quantity`; empty for the body as a whole. */
  path: z.string(),
  code: fieldErrorCode,
  params: fieldErrorParams.optional(),
  /** English, for logs and API users; the SPA translates `code` instead. */
  message: z.string(),
}) satisfies z.ZodType<FieldError>;

export const errorEnvelope = z.object({
  success: z.literal(false),
  code: failureCode,
  message: z.string(),
  errors: z.array(fieldError).optional(),
  /** e.g. the current record with `stale_version`. */
  data: z.unknown().optional(),
}) satisfies z.ZodType<ErrorEnvelope>;

export const role = z.enum(ROLES);
