import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type pg from 'pg';
import type { z } from 'zod';
import {
  backupInvalidError,
  rowProblem,
  type BackupProblem,
} from '../modules/backup/backup-checks.ts';
import { rowSchema, schemaTable } from '../modules/backup/row-schemas.ts';

/**
 * A copy of the whole database (every organization) for the operator: `npm run backup` writes
 * it while the server runs, `npm run restore` loads it into an empty database. The embedded
 * PostgreSQL ships no pg_dump, so this is the app's own format, JSON Lines:
 *
 *     {"format":"karkhana-database","version":1,"exportedAt":"...","migrations":["0000_init", ...]}
 *     #table merchants ["organization_id","id","name", ...]
 *     {"organization_id":"...","id":"...","name":"Shree Ganesh Textiles", ...}
 *     ...
 *
 * Rows are written by PostgreSQL (`row_to_json`) and read back by it (`json_populate_recordset`),
 * so numbers, dates and JSON keep their exact values without passing through JavaScript numbers.
 */
const DATABASE_DUMP_FORMAT = 'karkhana-database';
export const DATABASE_DUMP_VERSION = 1;

const MIGRATIONS_TABLE = 'karkhana_migrations';
const MERCHANT_BALANCES_MIGRATION = '0012_merchant_balances';
const ROWS_PER_BATCH = 1000;

const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface DumpHeader {
  format: typeof DATABASE_DUMP_FORMAT;
  version: number;
  exportedAt: string;
  migrations: string[];
}

async function publicTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> $1
     order by table_name`,
    [MIGRATIONS_TABLE],
  );
  return rows.map((row) => row.name);
}

async function columnsOf(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
     order by ordinal_position`,
    [table],
  );
  return rows.map((row) => row.name);
}

async function write(out: Writable, text: string) {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * Every table in one REPEATABLE READ READ ONLY transaction: one consistent moment, however long
 * the copy takes, while the server goes on serving (readers and writers are not blocked). Rows
 * come through a cursor a thousand at a time, so memory stays flat.
 */
export async function dumpDatabase(
  client: pg.ClientBase,
  out: Writable,
  now = new Date(),
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await client.query('begin isolation level repeatable read read only');
  try {
    const { rows: migrations } = await client.query<{ tag: string }>(
      `select tag from ${MIGRATIONS_TABLE} order by tag`,
    );
    const header: DumpHeader = {
      format: DATABASE_DUMP_FORMAT,
      version: DATABASE_DUMP_VERSION,
      exportedAt: now.toISOString(),
      migrations: migrations.map((row) => row.tag),
    };
    await write(out, `${JSON.stringify(header)}\n`);
    for (const table of await publicTables(client)) {
      const columns = await columnsOf(client, table);
      await write(out, `#table ${table} ${JSON.stringify(columns)}\n`);
      await client.query(
        `declare dump_rows no scroll cursor for select row_to_json(t)::text as json from ${identifier(table)} t`,
      );
      let count = 0;
      for (;;) {
        const batch = await client.query<{ json: string }>(
          `fetch ${ROWS_PER_BATCH} from dump_rows`,
        );
        if (batch.rows.length === 0) break;
        await write(out, `${batch.rows.map((row) => row.json).join('\n')}\n`);
        count += batch.rows.length;
      }
      await client.query('close dump_rows');
      counts[table] = count;
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
  return counts;
}

export class DumpError extends Error {}

/**
 * A row of the dump checked as the web restore checks a backup's rows, before it is loaded:
 * with triggers and foreign keys off, nothing else would stop it.
 */
function dumpRowProblem(
  table: string,
  row: number,
  line: string,
  schema: z.ZodType | undefined,
): BackupProblem | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { table, row, field: '', code: 'invalid_type', params: { expected: 'object' } };
  }
  return schema ? rowProblem(table, row, schema, parsed) : undefined;
}

/**
 * Loads a dump into a migrated database that holds no data yet, in one transaction. Triggers and
 * foreign-key checks are off while it loads (`session_replication_role = replica`, which needs a
 * superuser: the embedded database's own user is one): the rows are a consistent snapshot, so
 * derived columns and tables (paid amounts, daily totals) are copied as they were, not recomputed.
 */
export async function restoreDatabase(
  client: pg.ClientBase,
  lines: AsyncIterable<string>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let header: DumpHeader | undefined;
  let table: { name: string; columns: string[]; rows: number; schema?: z.ZodType } | undefined;
  let batch: string[] = [];

  const flush = async () => {
    if (!table || batch.length === 0) return;
    const list = table.columns.map(identifier).join(', ');
    await client.query(
      `insert into ${identifier(table.name)} (${list})
       select ${list} from json_populate_recordset(null::${identifier(table.name)}, $1::json)`,
      [`[${batch.join(',')}]`],
    );
    counts[table.name] = (counts[table.name] ?? 0) + batch.length;
    batch = [];
  };

  await client.query('begin');
  try {
    await client.query('set local session_replication_role = replica');
    const { rows: applied } = await client.query<{ tag: string }>(
      `select tag from ${MIGRATIONS_TABLE}`,
    );
    const known = new Set(applied.map((row) => row.tag));
    const existing = new Set(await publicTables(client));
    for (const name of existing) {
      const { rows } = await client.query(`select 1 from ${identifier(name)} limit 1`);
      if (rows.length > 0) throw new DumpError(`The database is not empty: ${name} has rows`);
    }

    for await (const line of lines) {
      if (line.trim() === '') continue;
      if (!header) {
        header = JSON.parse(line) as DumpHeader;
        if (header.format !== DATABASE_DUMP_FORMAT) {
          throw new DumpError('This file is not a Karkhana database backup');
        }
        const newer = header.migrations.filter((tag) => !known.has(tag));
        if (header.version > DATABASE_DUMP_VERSION || newer.length > 0) {
          throw new DumpError(
            `This backup was made by a newer version of Karkhana (${newer.join(', ') || `format ${header.version}`}); update Karkhana first`,
          );
        }
        continue;
      }
      if (line.startsWith('#table ')) {
        await flush();
        const [, name = '', columnsJson = '[]'] = /^#table (\S+) (.*)$/.exec(line) ?? [];
        if (!existing.has(name)) throw new DumpError(`Unknown table in the backup: ${name}`);
        const current = new Set(await columnsOf(client, name));
        const columns = (JSON.parse(columnsJson) as string[]).filter((column) =>
          current.has(column),
        );
        const declared = schemaTable(name);
        table = {
          name,
          columns,
          rows: 0,
          ...(declared
            ? {
                schema: rowSchema(declared, {
                  written: new Set(columns),
                  filledByRestore: new Set(),
                }),
              }
            : {}),
        };
        counts[name] = 0;
        continue;
      }
      if (!table) throw new DumpError('This file is not a Karkhana database backup');
      table.rows += 1;
      const problem = dumpRowProblem(table.name, table.rows, line, table.schema);
      if (problem) throw new DumpError(backupInvalidError(problem).message);
      batch.push(line);
      if (batch.length >= ROWS_PER_BATCH) await flush();
    }
    await flush();
    if (!header) throw new DumpError('The backup file is empty');
    // A backup from before the merchants' running totals existed has none to copy; with the
    // triggers off they are summed once from the restored bills and payments.
    if (!header.migrations.includes(MERCHANT_BALANCES_MIGRATION)) {
      await client.query('select merchant_balances_rebuild()');
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
  return counts;
}
