import { mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrate } from './migrate.ts';
import * as schema from './schema.ts';

/**
 * Earlier releases kept the database in DATA_DIR itself with PGlite (PostgreSQL compiled to
 * WebAssembly). PGlite is used only here: to read such a folder once and copy it into the
 * embedded PostgreSQL. client.ts loads this module (and so PGlite, 27 MB) only for such a folder.
 */

const ROWS_PER_BATCH = 2_000;

/** What the new layout puts in DATA_DIR; everything else belonged to PGlite. */
const NEW_LAYOUT = new Set(['postgres', 'postgres-password', 'postgres.log']);

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

function timestamp(date: Date) {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

export interface PgliteImportResult {
  rowsByTable: Record<string, number>;
  backupDir: string;
}

/**
 * Copies every table of the PGlite database in `dataDir` into the (empty, running) PostgreSQL at
 * `targetUrl`, checks the row counts, then moves the PGlite files into
 * `DATA_DIR/pglite-backup-<yyyyMMdd-HHmmss>/`. Until that last step the PGlite files are only read.
 */
export async function importPgliteFolder(
  dataDir: string,
  targetUrl: string,
  migrateTarget: () => Promise<void>,
): Promise<PgliteImportResult> {
  const source = await PGlite.create(dataDir);
  const target = new pg.Client({ connectionString: targetUrl });
  let connected = false;
  try {
    // Old data at the schema the new cluster gets, so tables and columns match one to one.
    await migrate(drizzlePglite({ client: source, schema }));
    await migrateTarget();
    await target.connect();
    connected = true;
    const tables = (
      await target.query<{ name: string }>(
        `select tablename as name from pg_tables
          where schemaname = 'public' and tablename <> 'karkhana_migrations' order by tablename`,
      )
    ).rows.map((row) => row.name);

    await target.query('begin');
    // Rows go in as they are: no foreign-key order needed and no triggers, which would count
    // order totals a second time on top of the copied order_daily_totals.
    await target.query('set local session_replication_role = replica');
    await target.query(`truncate ${tables.map(quote).join(', ')}`);
    for (const table of tables) {
      for (let offset = 0; ; offset += ROWS_PER_BATCH) {
        const batch = await source.query<{ rows: string | null }>(
          `select json_agg(t)::text as rows from
             (select * from ${quote(table)} order by 1 limit ${ROWS_PER_BATCH} offset ${offset}) t`,
        );
        const rows = batch.rows[0]?.rows;
        if (!rows) break;
        await target.query(
          `insert into ${quote(table)} overriding system value
             select * from json_populate_recordset(null::${quote(table)}, $1::json)`,
          [rows],
        );
      }
    }
    const identities = await target.query<{ table: string; column: string }>(
      `select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and is_identity = 'YES'`,
    );
    for (const { table, column } of identities.rows) {
      await target.query(
        `select setval(pg_get_serial_sequence($1, $2),
           coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`,
        [quote(table), column],
      );
    }
    await target.query('commit');

    const rowsByTable: Record<string, number> = {};
    for (const table of tables) {
      const count = `select count(*)::int as count from ${quote(table)}`;
      const [before, after] = await Promise.all([
        source.query<{ count: number }>(count),
        target.query<{ count: number }>(count),
      ]);
      const expected = before.rows[0]?.count ?? -1;
      const copied = after.rows[0]?.count ?? -2;
      if (expected !== copied) {
        throw new Error(`table ${table}: ${expected} rows in PGlite but ${copied} copied`);
      }
      rowsByTable[table] = copied;
    }
    await source.close();

    const backupDir = path.join(dataDir, `pglite-backup-${timestamp(new Date())}`);
    const entries = (await readdir(dataDir)).filter(
      (entry) =>
        !NEW_LAYOUT.has(entry) &&
        !entry.startsWith('postgres.initializing-') &&
        !entry.startsWith('pglite-backup-'),
    );
    await mkdir(backupDir);
    for (const entry of entries)
      await rename(path.join(dataDir, entry), path.join(backupDir, entry));
    return { rowsByTable, backupDir };
  } catch (error) {
    if (connected) await target.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    if (connected) await target.end().catch(() => undefined);
    if (!source.closed) await source.close();
  }
}
