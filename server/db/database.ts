import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

/**
 * What repositories accept and the helpers they share, apart from how the connection is opened
 * (client.ts), so that migrate.ts and every module can import them without pulling that in.
 */

type Schema = typeof schema;

/** What repositories accept: a PostgreSQL pool or a transaction on it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Raw SQL rows; node-postgres returns `{ rows }`, which drizzle's shared type leaves unknown. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** True when the database holds no organization yet (a fresh install). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: schema.organizations.id }).from(schema.organizations).limit(1);
  return rows.length === 0;
}
