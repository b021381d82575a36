import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  integer,
  numeric,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS } from '../../contract/payments.ts';

/** A moment in time, kept with its time zone and read as a `Date`. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Grows by one with every change; a write names the version it read. */
export const recordVersion = {
  version: integer('version').notNull().default(1),
};

export const timestamps = {
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
};

/** Money: numeric(14,2) in the database, a JSON number in the API. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** A calendar date travelling as `yyyy-MM-dd`. */
export const calendarDate = (name: string) => date(name, { mode: 'string' });

const PAYMENT_METHOD_LIST = sql`('cash', 'bank_transfer', 'upi', 'cheque')`;

/** How money was paid: the column, and the check that keeps it to the four methods. */
export const paymentMethod = {
  column: (name: string) => text(name, { enum: PAYMENT_METHODS }),
  /** `optional`: the column may be null, for money whose method was not noted. */
  check: (name: string, column: AnyPgColumn, { optional = false } = {}) =>
    check(
      name,
      optional
        ? sql`${column} is null or ${column} in ${PAYMENT_METHOD_LIST}`
        : sql`${column} in ${PAYMENT_METHOD_LIST}`,
    ),
};

/** A tenant table whose records others reference by (organization_id, id). */
interface TenantRecords {
  organizationId: AnyPgColumn;
  id: AnyPgColumn;
}

/**
 * A reference to another tenant table's record through (organization_id, id), so a row can never
 * point at another organization's record. A null `column` is not checked (MATCH SIMPLE).
 */
export const tenantForeignKey = (
  name: string,
  table: { organizationId: AnyPgColumn },
  column: AnyPgColumn,
  target: TenantRecords,
  onDelete: 'cascade' | 'restrict',
) =>
  foreignKey({
    name,
    columns: [table.organizationId, column],
    foreignColumns: [target.organizationId, target.id],
  }).onDelete(onDelete);
