import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { EmbeddedPostgres, type EmbeddedPostgresOptions } from './embedded-postgres.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;

/** What repositories accept: a PostgreSQL pool or a transaction on it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'postgres';
  /**
   * The same connection seen through a statement observer: every SQL statement it runs is passed
   * to `onStatement` first. Tests give this one to the app to check what it sends.
   */
  observed(onStatement: (statement: string) => void): Database;
  /** Closes the pool, then stops the embedded PostgreSQL when this process runs one. */
  close(): Promise<void>;
  embedded?: EmbeddedPostgres;
}

const observer = (onStatement: (statement: string) => void) => ({
  logQuery: (statement: string) => onStatement(statement),
});

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string of an existing server. */
  databaseUrl?: string | undefined;
  /**
   * Without databaseUrl: the folder of the embedded PostgreSQL that this process runs itself
   * (server/db/embedded-postgres.ts).
   */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  log?: EmbeddedPostgresOptions['log'];
}

function poolHandle(
  url: string,
  maxConnections: number,
  kind: DatabaseHandle['kind'],
  afterClose: () => Promise<void>,
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind,
    observed: (onStatement) =>
      drizzlePostgres({
        client: pool,
        schema,
        logger: observer(onStatement),
      }),
    close: async () => {
      await pool.end();
      await afterClose();
    },
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return poolHandle(
      options.databaseUrl,
      options.maxConnections ?? 10,
      'postgres',
      async () => {},
    );
  }
  if (!options.dataDir) throw new Error('openDatabase needs a databaseUrl or a dataDir');
  const embedded = new EmbeddedPostgres({ dataDir: options.dataDir, log: options.log });
  await embedded.start();
  const handle = poolHandle(embedded.url, options.maxConnections ?? 10, 'embedded', () =>
    embedded.stop(),
  );
  return { ...handle, embedded };
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
