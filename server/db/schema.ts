/*
 * The whole database schema: the tables looked up before a tenant is known (platform-tables.ts)
 * and each area's tables, kept in its own folder as server/modules/<area>/schema.ts. drizzle's
 * client takes it whole, and what walks every table (backup, the tenant guard) finds them here.
 * Written by `npm run db:generate` (scripts/write-schema-index.ts) from the folders; do not edit.
 * drizzle-kit reads the same files by folder (drizzle.config.ts).
 */
export * from './platform-tables.ts';
export * from '../modules/bank-details/schema.ts';
export * from '../modules/bill-notes/schema.ts';
export * from '../modules/bills/schema.ts';
export * from '../modules/designs/schema.ts';
export * from '../modules/dues/schema.ts';
export * from '../modules/expenses/schema.ts';
export * from '../modules/merchants/schema.ts';
export * from '../modules/notes/schema.ts';
export * from '../modules/orders/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../modules/production/schema.ts';
export * from '../modules/sample-workshop/schema.ts';
export * from '../modules/setup-checklist/schema.ts';
export * from '../modules/worker-salaries/schema.ts';
export * from '../modules/workers/schema.ts';
