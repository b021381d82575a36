import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema.ts';

/**
 * Tables of an organization that a backup leaves out: sign-in state (sessions end with the
 * server they were made on; a restored user signs in again), replay records of writes, and
 * `order_daily_totals`, `order_merchant_totals` and `merchant_balances`, which the orders', bills'
 * and payments' triggers rebuild as those rows are restored.
 */
const NOT_BACKED_UP = new Set([
  'sessions',
  'idempotency_keys',
  'order_daily_totals',
  'order_merchant_totals',
  'merchant_balances',
]);

export interface BackupTable {
  name: string;
  table: PgTable;
  columns: string[];
  /** Order of the rows in the file: the primary key. */
  keyColumns: string[];
  /** Columns that name a user (`created_by`): remapped when a restored user gets another id. */
  userColumns: string[];
  /** User columns that may not be empty (a note's author, a read mark's reader). */
  requiredUserColumns: string[];
  /** Tables this one refers to, restored before it. */
  dependsOn: string[];
  /** Columns the database computes (generated or identity): never written on restore. */
  generatedColumns: string[];
}

const tableName = (table: PgTable) => getTableConfig(table).name;

function describe(table: PgTable): BackupTable {
  const config = getTableConfig(table);
  const primary =
    config.primaryKeys[0]?.columns.map((column) => column.name) ??
    config.columns.filter((column) => column.primary).map((column) => column.name);
  const userColumns: string[] = [];
  const dependsOn = new Set<string>();
  for (const foreignKey of config.foreignKeys) {
    const reference = foreignKey.reference();
    const target = tableName(reference.foreignTable);
    if (target === 'users') {
      userColumns.push(...reference.columns.map((column) => column.name));
    } else if (target !== 'organizations' && target !== config.name) {
      dependsOn.add(target);
    }
  }
  return {
    name: config.name,
    table,
    columns: config.columns.map((column) => column.name),
    keyColumns: primary,
    userColumns,
    requiredUserColumns: config.columns
      .filter((column) => column.notNull && userColumns.includes(column.name))
      .map((column) => column.name),
    dependsOn: [...dependsOn],
    generatedColumns: config.columns
      .filter((column) => column.generated !== undefined || column.generatedIdentity !== undefined)
      .map((column) => column.name),
  };
}

/** Referenced tables first; otherwise by name, so the file's order is stable. */
function dependencyOrder(tables: BackupTable[]): BackupTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: BackupTable[] = [];
  const placed = new Set<string>();
  const visit = (table: BackupTable, path: Set<string>) => {
    if (placed.has(table.name)) return;
    if (path.has(table.name)) throw new Error(`Foreign keys form a cycle at ${table.name}`);
    path.add(table.name);
    for (const name of [...table.dependsOn].sort()) {
      const dependency = byName.get(name);
      if (dependency) visit(dependency, path);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) {
    visit(table, new Set());
  }
  return ordered;
}

let cached: { users: BackupTable; tables: BackupTable[] } | undefined;

/**
 * Every table keyed by organization, found in the schema, so a table added later is backed up
 * without a list to edit. `users` comes first and apart: its ids and emails are unique across
 * the server, so a restore maps them.
 */
export function backupTables(): { users: BackupTable; tables: BackupTable[] } {
  if (cached) return cached;
  const tables = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map(describe)
    .filter(
      (table) =>
        table.columns.includes('organization_id') &&
        table.name !== 'users' &&
        !NOT_BACKED_UP.has(table.name),
    );
  cached = { users: describe(schema.users), tables: dependencyOrder(tables) };
  return cached;
}
