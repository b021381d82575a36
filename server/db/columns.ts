import { sql } from 'drizzle-orm';
import { date, integer, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Grows by one with every change; a write names the version it read. */
export const recordVersion = {
  version: integer('version').notNull().default(1),
};

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Money: numeric(14,2) in the database, a JSON number in the API. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** A calendar date travelling as `yyyy-MM-dd`. */
export const calendarDate = (name: string) => date(name, { mode: 'string' });

export const PAYMENT_METHODS = sql`('cash', 'bank_transfer', 'upi', 'cheque')`;
