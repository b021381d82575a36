import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backupFile,
  type BackupFile,
  type RestoreResult,
} from '../../../contract/data-io.ts';
import { queryRows, type Database } from '../../db/database.ts';
import { organizations } from '../../db/platform-tables.ts';
import { findPostgresError } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { TenantContext } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/tenant-repository.ts';
import { assertBackupRestorable, PROFILE_SKIPPED_KEYS } from './backup-checks.ts';
import { backupTables, type BackupTable } from './tables.ts';

/** A profile key of a later release, which this server has no column for, is left out. */
const ORGANIZATION_COLUMNS = new Set(
  getTableConfig(organizations).columns.map((column) => column.name),
);

const ROWS_PER_FETCH = 1000;
const ROWS_PER_INSERT = 1000;

const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The pool behind the app's database, for a connection held for the whole download. */
export function poolOf(db: Database): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

/**
 * The organization as one JSON document, produced piece by piece while it is sent. Every table
 * is read in one REPEATABLE READ READ ONLY transaction, so the file is a consistent snapshot even
 * while others keep working; rows come through a cursor, a thousand at a time, as the database
 * writes them (`row_to_json`), so memory holds one batch whatever the organization's size.
 */
export async function* backupDocument(
  pool: pg.Pool,
  organizationId: string,
  exportedAt: Date,
): AsyncGenerator<string> {
  const client = await pool.connect();
  let finished = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    const organization = await client.query<{ json: string }>(
      'select row_to_json(o)::text as json from organizations o where id = $1',
      [organizationId],
    );
    const { users, tables } = backupTables();
    yield (
      `{"format":${JSON.stringify(BACKUP_FORMAT)},"version":${BACKUP_VERSION},` +
      `"exportedAt":${JSON.stringify(exportedAt.toISOString())},` +
      `"organization":${organization.rows[0]?.json ?? '{}'},"tables":{`
    );
    let firstTable = true;
    for (const table of [users, ...tables]) {
      yield `${firstTable ? '' : ','}${JSON.stringify(table.name)}:[`;
      firstTable = false;
      await client.query(
        `declare backup_rows no scroll cursor for
           select row_to_json(t)::text as json from ${identifier(table.name)} t
           where organization_id = $1
           order by ${table.keyColumns.map(identifier).join(', ')}`,
        [organizationId],
      );
      let firstRow = true;
      for (;;) {
        const batch = await client.query<{ json: string }>(
          `fetch ${ROWS_PER_FETCH} from backup_rows`,
        );
        if (batch.rows.length === 0) break;
        yield (firstRow ? '' : ',') + batch.rows.map((row) => row.json).join(',');
        firstRow = false;
      }
      await client.query('close backup_rows');
      yield ']';
    }
    yield '}}';
    await client.query('commit');
    finished = true;
  } finally {
    if (!finished) await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

const BACKUP_NEWER_MESSAGE =
  'This backup was made by a newer version of Karkhana; update the server first';
const BACKUP_INVALID_MESSAGE = 'This file is not a Karkhana backup';
const NOT_EMPTY_MESSAGE =
  'A backup is restored only into a new organization that has no records yet';

/** A parsed body as a backup this server can restore, or the reason it cannot. */
export function readBackupFile(body: unknown): BackupFile {
  const header = body as { format?: unknown; version?: unknown } | null | undefined;
  if (header?.format !== BACKUP_FORMAT) {
    throw new HttpError(400, BACKUP_INVALID_MESSAGE, { code: 'backup_invalid' });
  }
  if (typeof header.version === 'number' && header.version > BACKUP_VERSION) {
    throw new HttpError(400, BACKUP_NEWER_MESSAGE, { code: 'backup_newer_version' });
  }
  // The header is checked by the schema; the rows only for their shape, in place: a parse would
  // copy every row object of a file that already fills memory once.
  const parsed = backupFile.omit({ tables: true }).safeParse(body);
  const tables = (body as { tables?: unknown }).tables;
  if (!parsed.success || !isPlainObject(tables)) {
    throw new HttpError(400, BACKUP_INVALID_MESSAGE, { code: 'backup_invalid' });
  }
  for (const rows of Object.values(tables)) {
    if (!Array.isArray(rows) || !rows.every(isPlainObject)) {
      throw new HttpError(400, BACKUP_INVALID_MESSAGE, { code: 'backup_invalid' });
    }
  }
  return { ...parsed.data, tables: tables as BackupFile['tables'] };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Row = Record<string, unknown>;

/**
 * Columns that triggers keep: written as a fresh record would have them, then set back to the
 * file's values once every row is in. An allocation adds its amount to the bill's paid amount
 * and the payment's allocated amount; a bill's status moves its orders' paid flag; both bump
 * versions.
 */
const INSERTED_AS: Record<string, (row: Row) => Row> = {
  bills: (row) => ({
    ...row,
    paid_amount: 0,
    status: row.status === 'cancelled' ? 'cancelled' : 'unpaid',
  }),
  payments: (row) => ({ ...row, allocated_amount: 0 }),
  // A debit note's payments settle it as their allocations go in, as a bill's do.
  bill_notes: (row) =>
    row.kind === 'debit'
      ? { ...row, paid_amount: 0, status: row.status === 'cancelled' ? 'cancelled' : 'unpaid' }
      : row,
  // Production entries add their pieces to their card as they go in.
  job_cards: (row) => ({ ...row, pieces_done: 0, pieces_rejected: 0 }),
};
const SET_BACK: [table: string, columns: string[]][] = [
  ['bills', ['paid_amount', 'status', 'version', 'updated_at']],
  ['payments', ['allocated_amount', 'version', 'updated_at']],
  ['bill_notes', ['paid_amount', 'status', 'version', 'updated_at']],
  ['orders', ['is_paid', 'version', 'updated_at']],
  ['job_cards', ['pieces_done', 'pieces_rejected', 'version', 'updated_at']],
];

/**
 * A note's `seq` is the server's own sequence (it orders threads and is the clients' cursor), so
 * restored notes get new ones in their old order, and the read marks and thread heads that point
 * at old numbers move to the new ones.
 */
async function renumberNotes(tx: Database, organizationId: string, notes: Row[]) {
  const oldSeqs = JSON.stringify(notes.map((note) => ({ id: note.id, seq: note.seq })));
  await tx.execute(
    sql`with old as (
          select (item->>'id')::uuid as id, (item->>'seq')::bigint as seq
          from jsonb_array_elements(${oldSeqs}::jsonb) as item),
        moved as (
          select old.seq as old_seq, notes.seq as new_seq from old
          join notes on notes.organization_id = ${organizationId} and notes.id = old.id)
        update note_reads set read_seq = coalesce(
          (select max(moved.new_seq) from moved where moved.old_seq <= note_reads.read_seq), 0)
        where note_reads.organization_id = ${organizationId}`,
  );
  await tx.execute(
    sql`update note_threads set last_seq = coalesce((
          select max(notes.seq) from notes
          where notes.organization_id = note_threads.organization_id
            and notes.subject_type = note_threads.subject_type
            and coalesce(notes.order_id, notes.merchant_id) = note_threads.subject_id), 0)
        where note_threads.organization_id = ${organizationId}`,
  );
}

async function insertRows(tx: Database, table: string, columns: string[], rows: Row[]) {
  const list = sql.raw(columns.map(identifier).join(', '));
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const batch = JSON.stringify(rows.slice(start, start + ROWS_PER_INSERT));
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${list})
          select ${list} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${batch}::jsonb)`,
    );
  }
}

async function setBack(
  tx: Database,
  organizationId: string,
  table: string,
  columns: string[],
  rows: Row[],
) {
  const assignments = sql.raw(
    columns.map((c) => `${identifier(c)} = b.${identifier(c)}`).join(', '),
  );
  const differs = sql.raw(
    `(${columns.map((c) => `t.${identifier(c)}`).join(', ')}) is distinct from ` +
      `(${columns.map((c) => `b.${identifier(c)}`).join(', ')})`,
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const batch = JSON.stringify(rows.slice(start, start + ROWS_PER_INSERT));
    await tx.execute(
      sql`update ${sql.identifier(table)} as t set ${assignments}
          from jsonb_populate_recordset(null::${sql.identifier(table)}, ${batch}::jsonb) as b
          where t.organization_id = ${organizationId} and t.id = b.id and ${differs}`,
    );
  }
}

/** Columns of the file's rows that the table still has (a later release may add some). */
function sharedColumns(table: BackupTable, rows: Row[]): string[] {
  const present = new Set(Object.keys(rows[0] ?? {}));
  return table.columns.filter(
    (column) =>
      (present.has(column) || column === 'organization_id') &&
      !table.generatedColumns.includes(column),
  );
}

/**
 * Rows every organization is given when it is made (the default production stages): they are
 * not records of its own, so they do not make it "not empty", and a backup's rows replace them.
 */
const MADE_WITH_ORGANIZATION = new Set(['production_stages']);

async function assertEmpty(tx: Database, organizationId: string, tables: BackupTable[]) {
  const probes: SQL[] = tables
    .filter((table) => table.name !== 'audit_log' && !MADE_WITH_ORGANIZATION.has(table.name))
    .map(
      (table) =>
        sql`select 1 from ${sql.identifier(table.name)} where organization_id = ${organizationId}`,
    );
  const [found] = await queryRows<{ any: boolean }>(
    tx,
    sql`select exists(${sql.join(probes, sql` union all `)}) as any`,
  );
  if (found?.any) {
    throw new HttpError(409, NOT_EMPTY_MESSAGE, { code: 'organization_not_empty' });
  }
}

/**
 * Users keep their password hashes so they sign in as before. Ids and emails are unique across
 * the server: a user whose email already has an account here is not restored (the caller is
 * mapped to themselves; anyone else's entries keep their names but no link), and a user whose id
 * is taken gets a new one. The returned map turns the file's user ids into this server's.
 */
async function restoreUsers(
  tx: Database,
  tenant: TenantContext,
  usersTable: BackupTable,
  rows: Row[],
): Promise<{ userIds: Map<string, string | null>; skipped: string[]; restored: number }> {
  const userIds = new Map<string, string | null>();
  const skipped: string[] = [];
  const toInsert: Row[] = [];
  for (const row of rows) {
    const email = typeof row.email === 'string' ? row.email : '';
    const [existing] = await queryRows<{ id: string; organization_id: string }>(
      tx,
      sql`select id, organization_id from users where lower(email) = lower(${email})`,
    );
    if (existing) {
      userIds.set(
        String(row.id),
        existing.organization_id === tenant.organizationId ? existing.id : null,
      );
      if (existing.id !== tenant.userId) skipped.push(email);
      continue;
    }
    const [taken] = await queryRows<{ id: string }>(
      tx,
      sql`select id from users where id = ${String(row.id)}::uuid`,
    );
    const id = taken ? uuidv7() : String(row.id);
    userIds.set(String(row.id), id);
    toInsert.push({ ...row, id, organization_id: tenant.organizationId });
  }
  if (toInsert.length > 0) {
    await insertRows(tx, 'users', sharedColumns(usersTable, toInsert), toInsert);
  }
  return { userIds, skipped, restored: toInsert.length };
}

/**
 * Restores a backup into the caller's organization, which must hold no records yet, in one
 * transaction: the profile, the users, then every table in foreign-key order, with the same ids
 * (every business table is keyed by organization and id, so ids cannot clash with another
 * organization's), numbers, totals and links.
 */
export async function restoreBackup(
  db: Database,
  tenant: TenantContext,
  file: BackupFile,
): Promise<RestoreResult> {
  assertBackupRestorable(file);
  try {
    return await restoreCheckedBackup(db, tenant, file);
  } catch (error) {
    throw refusedRowError(error) ?? error;
  }
}

/**
 * A row the checks above let through but the database refused (bad data or a broken rule, SQLSTATE
 * classes 22 and 23, or a trigger's exception) is still the file's fault: a 400 naming the table,
 * not a 500 whose log would have to explain it.
 */
function refusedRowError(error: unknown): HttpError | undefined {
  const refused = findPostgresError(error);
  if (!refused || !/^(22|23|P0)/.test(refused.code)) return undefined;
  const table = refused.table ?? 'unknown';
  const rule = refused.constraint ?? refused.code;
  const message = `The backup is damaged: the database refused a row of ${table} (${rule})`;
  return new HttpError(400, message, {
    code: 'backup_invalid',
    errors: [{ path: `tables.${table}`, code: 'invalid_value', params: { table, rule }, message }],
  });
}

async function restoreCheckedBackup(
  db: Database,
  tenant: TenantContext,
  file: BackupFile,
): Promise<RestoreResult> {
  const { users, tables } = backupTables();
  return inTransaction(db, async (tx) => {
    // Two restores at once into one organization wait for each other; the second finds it full.
    await tx.execute(
      sql`select id from organizations where id = ${tenant.organizationId} for update`,
    );
    await assertEmpty(tx, tenant.organizationId, tables);

    const profile = Object.fromEntries(
      Object.entries(file.organization).filter(
        ([key]) => !PROFILE_SKIPPED_KEYS.has(key) && ORGANIZATION_COLUMNS.has(key),
      ),
    );
    const profileColumns = Object.keys(profile);
    if (profileColumns.length > 0) {
      const list = sql.raw(profileColumns.map(identifier).join(', '));
      await tx.execute(
        sql`update organizations
            set (${list}) = (select ${list} from json_populate_record(null::organizations, ${JSON.stringify(profile)}::json)),
                version = version + 1, updated_at = now()
            where id = ${tenant.organizationId}`,
      );
    }

    const restoredUsers = await restoreUsers(tx, tenant, users, file.tables.users ?? []);
    const counts: Record<string, number> = { users: restoredUsers.restored };
    const mapUser = (value: unknown) =>
      value === null || value === undefined
        ? null
        : (restoredUsers.userIds.get(value as string) ?? null);

    for (const table of tables) {
      const rows = file.tables[table.name] ?? [];
      counts[table.name] = rows.length;
      if (rows.length === 0) continue;
      // Nothing refers to the defaults yet (the organization has no job cards), so they can go.
      if (MADE_WITH_ORGANIZATION.has(table.name)) {
        await tx.execute(
          sql`delete from ${sql.identifier(table.name)} where organization_id = ${tenant.organizationId}`,
        );
      }
      const prepare = INSERTED_AS[table.name];
      const prepared = rows.flatMap((source) => {
        let row: Row = { ...source, organization_id: tenant.organizationId };
        for (const column of table.userColumns) row[column] = mapUser(row[column]);
        for (const column of table.requiredUserColumns) {
          if (row[column] !== null) continue;
          // A user who was not restored: their own read marks and mentions go with them, while
          // what they wrote stays, under the name of the person restoring it.
          if (table.keyColumns.includes(column)) return [];
          row[column] = tenant.userId;
        }
        // The trail's ids are unique across the server; entries are never referred to by id.
        if (table.name === 'audit_log') {
          row.id = uuidv7();
          row.user_id = mapUser(row.user_id);
        }
        if (prepare) row = prepare(row);
        return [row];
      });
      if (table.name === 'notes') prepared.sort((a, b) => Number(a.seq) - Number(b.seq));
      counts[table.name] = prepared.length;
      await insertRows(tx, table.name, sharedColumns(table, prepared), prepared);
    }

    if ((file.tables.notes ?? []).length > 0) {
      await renumberNotes(tx, tenant.organizationId, file.tables.notes ?? []);
    }
    for (const [name, columns] of SET_BACK) {
      const rows = file.tables[name] ?? [];
      const table = tables.find((candidate) => candidate.name === name);
      if (!table || rows.length === 0) continue;
      const present = columns.filter((column) => column in (rows[0] ?? {}));
      await setBack(tx, tenant.organizationId, name, present, rows);
    }
    return { tables: counts, skippedUsers: restoredUsers.skipped };
  });
}
