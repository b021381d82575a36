import { rm } from 'node:fs/promises';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './database.ts';
import { DataFolderError, isPgliteFolder } from './embedded/data-folder.ts';
import { EmbeddedPostgres, type EmbeddedPostgresOptions } from './embedded/supervisor.ts';
import { migrate } from './migrate.ts';
import * as schema from './schema.ts';

// For the modules that still import these from here (bills, production, order-analytics); the
// others import database.ts, and so will these when their areas are next changed.
export { queryRows, type Database } from './database.ts';

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
   * (server/db/embedded/supervisor.ts).
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
  // Nor one in use: the pool listens only while a client is idle, and the running query already
  // fails with the same error, which its request reports.
  pool.on('connect', (client) => client.on('error', () => {}));
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
  const { dataDir } = options;
  const embedded = new EmbeddedPostgres({ dataDir, log: options.log });
  const fromPglite = await isPgliteFolder(dataDir);
  await embedded.start();
  if (fromPglite) await importPglite(embedded, options);
  const handle = poolHandle(embedded.url, options.maxConnections ?? 10, 'embedded', () =>
    embedded.stop(),
  );
  return { ...handle, embedded };
}

/**
 * First start on a folder of an earlier release: its PGlite database moves into the new cluster.
 * On failure the new cluster is removed again, so the next start tries afresh, and the PGlite
 * files stay where they are.
 */
async function importPglite(embedded: EmbeddedPostgres, options: OpenDatabaseOptions) {
  const dataDir = options.dataDir!;
  options.log?.('info', `moving the database in ${dataDir} from PGlite to PostgreSQL ...`);
  try {
    // Loaded here only: PGlite is 27 MB and serves this one-time move alone.
    const { importPgliteFolder } = await import('./pglite-import.ts');
    const { rowsByTable, backupDir } = await importPgliteFolder(dataDir, embedded.url, async () => {
      const target = poolHandle(embedded.url, 2, 'embedded', async () => {});
      try {
        await migrate(target.db);
      } finally {
        await target.close();
      }
    });
    const rows = Object.values(rowsByTable).reduce((sum, count) => sum + count, 0);
    options.log?.(
      'info',
      `moved ${rows} rows from PGlite to PostgreSQL; the old PGlite files are in ${backupDir}`,
    );
  } catch (error) {
    await embedded.stop().catch(() => undefined);
    await Promise.all(
      [embedded.paths.cluster, embedded.paths.passwordFile].map((file) =>
        rm(file, { recursive: true, force: true }),
      ),
    );
    throw new DataFolderError(
      `Moving the database in ${dataDir} from PGlite to PostgreSQL failed, so the PGlite data was left untouched: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
