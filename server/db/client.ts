import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;

/** What repositories accept: the embedded PGlite database, a PostgreSQL pool, or a transaction of either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'postgres';
  /**
   * The same connection seen through a statement observer: every SQL statement it runs is passed
   * to `onStatement` first. Tests give this one to the app to check what it sends.
   */
  observed(onStatement: (statement: string) => void): Database;
  close(): Promise<void>;
}

const observer = (onStatement: (statement: string) => void) => ({
  logQuery: (statement: string) => onStatement(statement),
});

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; absent = in memory (tests). Ignored with databaseUrl. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      observed: (onStatement) =>
        drizzlePostgres({
          client: pool,
          schema,
          logger: observer(onStatement),
        }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = options.dataDir ? await PGlite.create(options.dataDir) : await PGlite.create();
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'embedded',
    observed: (onStatement) => drizzlePglite({ client, schema, logger: observer(onStatement) }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Raw SQL rows; both drivers return `{ rows }`, which the shared type leaves unknown. */
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
