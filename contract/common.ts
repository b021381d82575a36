import { z } from 'zod';

export const MONEY_MAX = 999_999_999_999.99;

// An empty picker sends '' : that is a missing choice, not a malformed id.
export const id = z.uuid({
  error: (issue) => (issue.input === '' || issue.input == null ? 'required' : 'id'),
});

/** ISO-8601 date-time as produced by the server. */
export const timestamp = z.string();

/** A calendar date `yyyy-MM-dd` that really exists (no 2025-02-30). */
export const calendarDate = z.iso
  // A missing date is "required", like any other missing field; anything else malformed is "date".
  .date({
    error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'date'),
  })
  .refine(
    (value) => {
      const [y, m, d] = value.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    },
    // A string that is not even a date already has its format issue; one message per field.
    { error: 'date', when: (payload) => payload.issues.length === 0 },
  );

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

/** A required text field: trimmed, non-empty, bounded. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/**
 * An optional text field: trimmed; an empty string becomes null; null clears it.
 * Output is `string | null | undefined` (undefined = not sent, which PUT leaves unchanged).
 */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value === '' ? null : value));

export const LIMITS = {
  name: 120,
  code: 40,
  phone: 20,
  email: 254,
  longText: 1000,
} as const;

export const optionalEmail = z
  .string()
  .trim()
  .max(LIMITS.email)
  .nullish()
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value == null || z.email().safeParse(value).success, { error: 'email' });

export const optionalPhone = optionalText(LIMITS.phone).refine(
  (value) => value == null || /^[+0-9][0-9 ()-]{3,19}$/.test(value),
  { error: 'phone' },
);

/** A record's version: 1 when created, one more with every change (API.md "Versions"). */
export const recordVersion = z.number().int({ error: 'integer' }).min(1);

/** The body of an action route (status change, set-active): the version is checked when given. */
export const actionVersion = { version: recordVersion.optional() };

/** Keys a client may send back from what it read; the server ignores them. */
export const readOnlyKeys = {
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

export const queryText = (max = 120) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

export const queryBoolean = z.preprocess(
  blankToUndefined,
  z
    .enum(['true', 'false'], { error: 'boolean' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
);

export const queryInt = (min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^-?\d+$/, { error: 'integer' })
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .optional(),
  );

export const queryMoney = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, { error: 'money' })
    .transform(Number)
    .pipe(z.number().min(0).max(MONEY_MAX))
    .optional(),
);

export const queryDate = z.preprocess(blankToUndefined, calendarDate.optional());
export const queryId = z.preprocess(blankToUndefined, id.optional());

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** `sort` is one sortable field, `field` ascending or `-field` descending. */
export function sortParam<const F extends readonly [string, ...string[]]>(fields: F) {
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

// ---------------------------------------------------------------------------------------------
// Responses

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string() });

export { errorEnvelope, type ErrorEnvelope } from './errors.ts';

export const paged = <T extends z.ZodType>(item: T) =>
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
