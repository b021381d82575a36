import { getTableConfig } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { FieldErrorCode, FieldErrorParams } from '../../../contract/errors.ts';
import type { BackupFile } from '../../../contract/data-io.ts';
import {
  describeIssue,
  englishFieldMessage,
  validationErrorMap,
} from '../../../contract/validation.ts';
import { organizations } from '../../db/platform-tables.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { rowSchema } from './row-schemas.ts';
import { backupTables, type BackupTable } from './tables.ts';
import { toPaise } from '../../../contract/money.ts';

type Row = Record<string, unknown>;

/** The first thing wrong with a backup: where it is (row counted from 1 within its table) and what. */
export interface BackupProblem {
  table: string;
  row: number;
  field: string;
  code: FieldErrorCode;
  params?: FieldErrorParams;
}

/**
 * The answer to a damaged backup. It names the place and the rule only: the value itself may be
 * a password hash or a customer's name, and stays out of answers and logs alike.
 */
export function backupInvalidError(problem: BackupProblem): HttpError {
  const params: FieldErrorParams = {
    ...problem.params,
    table: problem.table,
    row: problem.row,
    field: problem.field,
  };
  const what = englishFieldMessage(problem.code, params);
  const message = `The backup is damaged: row ${problem.row} of ${problem.table}, field ${problem.field}: ${what}`;
  return new HttpError(400, message, {
    code: 'backup_invalid',
    errors: [
      {
        path: `tables.${problem.table}.${problem.row - 1}.${problem.field}`,
        code: problem.code,
        params,
        message: what,
      },
    ],
  });
}

const cents = (value: unknown) => toPaise(Number(value));
const isPresent = (value: unknown) => value !== null && value !== undefined;
const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined);

/** The profile keys a restore writes (`restoreBackup` leaves the rest as the new organization has them). */
export const PROFILE_SKIPPED_KEYS = new Set(['id', 'version', 'created_at', 'updated_at']);

/** What is wrong with one row against its table's schema, if anything. */
export function rowProblem(
  tableName: string,
  row: number,
  schema: z.ZodType,
  value: unknown,
): BackupProblem | undefined {
  const result = schema.safeParse(value, { error: validationErrorMap });
  const issue = result.success ? undefined : result.error.issues[0];
  if (!issue) return undefined;
  const { code, params } = describeIssue(issue);
  return {
    table: tableName,
    row,
    field: String(issue.path[0] ?? ''),
    code,
    ...(Object.keys(params).length > 0 ? { params } : {}),
  };
}

function shapeProblem(
  tableName: string,
  schema: z.ZodType,
  rows: Row[],
): BackupProblem | undefined {
  for (const [index, row] of rows.entries()) {
    const problem = rowProblem(tableName, index + 1, schema, row);
    if (problem) return problem;
  }
  return undefined;
}

/** Columns the restore sets itself: the organization, users mapped to this server's, new trail ids. */
function filledByRestore(table: BackupTable): Set<string> {
  const filled = new Set(['organization_id', ...table.userColumns]);
  if (table.name === 'audit_log') filled.add('id');
  return filled;
}

/** Values that the database keeps unique within an organization, besides primary keys. */
const UNIQUE_VALUES: { table: string; field: string; key: (row: Row) => unknown }[] = [
  { table: 'users', field: 'email', key: (row) => lower(row.email) },
  { table: 'designs', field: 'design_code', key: (row) => lower(row.design_code) },
  { table: 'bills', field: 'number', key: (row) => row.number },
  { table: 'production_stages', field: 'name', key: (row) => lower(row.name) },
  { table: 'production_stages', field: 'position', key: (row) => row.position },
  { table: 'bank_details', field: 'is_active', key: (row) => (row.is_active ? true : undefined) },
  { table: 'job_cards', field: 'order_line_id', key: (row) => row.order_line_id },
  {
    table: 'bill_orders',
    field: 'order_id',
    key: (row) => (row.is_live ? row.order_id : undefined),
  },
];

function uniquenessProblem(table: BackupTable, rows: Row[]): BackupProblem | undefined {
  // The trail's ids are replaced on restore; users are keyed by id alone.
  const keyColumns =
    table.name === 'audit_log'
      ? []
      : table.keyColumns.filter((column) => column !== 'organization_id');
  const checks = UNIQUE_VALUES.filter((unique) => unique.table === table.name).map((unique) => ({
    field: unique.field,
    key: unique.key,
  }));
  if (keyColumns.length > 0) {
    checks.unshift({
      field: keyColumns.at(-1)!,
      key: (row) => JSON.stringify(keyColumns.map((column) => row[column])),
    });
  }
  for (const check of checks) {
    const seen = new Set<unknown>();
    for (const [index, row] of rows.entries()) {
      const key = check.key(row);
      if (key === undefined || key === null) continue;
      if (seen.has(key)) {
        return { table: table.name, row: index + 1, field: check.field, code: 'duplicate' };
      }
      seen.add(key);
    }
  }
  return undefined;
}

/**
 * Every reference to another of the organization's records must name a row of the backup.
 * References to users are not checked: a user who is not restored is mapped to nobody or to
 * the person restoring, as `restoreBackup` describes.
 */
function referenceProblem(table: BackupTable, file: BackupFile): BackupProblem | undefined {
  const rows = file.tables[table.name] ?? [];
  if (rows.length === 0) return undefined;
  for (const foreignKey of getTableConfig(table.table).foreignKeys) {
    const reference = foreignKey.reference();
    const target = getTableConfig(reference.foreignTable).name;
    if (target === 'users' || target === 'organizations') continue;
    const local = reference.columns.map((column) => column.name);
    const foreign = reference.foreignColumns.map((column) => column.name);
    const pairs = local
      .map((column, index) => [column, foreign[index]!] as const)
      .filter(([column]) => column !== 'organization_id');
    if (pairs.length !== 1) continue;
    const [[field, targetField]] = pairs as [readonly [string, string]];
    const known = new Set((file.tables[target] ?? []).map((row) => row[targetField]));
    for (const [index, row] of rows.entries()) {
      if (isPresent(row[field]) && !known.has(row[field])) {
        return {
          table: table.name,
          row: index + 1,
          field,
          code: 'not_found',
          params: { target },
        };
      }
    }
  }
  return undefined;
}

/** Rules between the columns of one row: the database's checks that span columns. */
function rowRuleProblem(
  tableName: string,
  row: Row,
): Omit<BackupProblem, 'table' | 'row'> | undefined {
  switch (tableName) {
    case 'bills':
      if (cents(row.paid_amount) > cents(row.total_amount)) {
        return {
          field: 'paid_amount',
          code: 'too_big',
          params: { maximum: Number(row.total_amount) },
        };
      }
      if (String(row.due_date) < String(row.bill_date)) {
        return {
          field: 'due_date',
          code: 'too_small',
          params: { origin: 'date', minimum: String(row.bill_date) },
        };
      }
      return undefined;
    case 'payments':
      if (cents(row.allocated_amount) > cents(row.amount) + cents(row.tds_amount)) {
        return {
          field: 'allocated_amount',
          code: 'invalid_value',
          params: { rule: 'allocations_exceed_payment' },
        };
      }
      return undefined;
    case 'job_cards': {
      const left = Number(row.quantity) - Number(row.pieces_rejected ?? 0);
      if (Number(row.pieces_done ?? 0) > left) {
        return {
          field: 'pieces_done',
          code: 'invalid_value',
          params: { rule: 'pieces_exceed_quantity', left },
        };
      }
      return undefined;
    }
    case 'notes':
    case 'note_threads': {
      const subject = row.subject_type === 'order' ? 'order_id' : 'merchant_id';
      const other = subject === 'order_id' ? 'merchant_id' : 'order_id';
      if (!isPresent(row[subject])) return { field: subject, code: 'required' };
      if (isPresent(row[other])) {
        return { field: other, code: 'invalid_value', params: { rule: 'subject' } };
      }
      if (tableName === 'note_threads' && row.subject_id !== row[subject]) {
        return { field: 'subject_id', code: 'invalid_value', params: { rule: 'subject' } };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * What the triggers add up while rows go in: a payment's allocations may not take a bill past its
 * total, nor touch a cancelled bill, nor exceed the payment; a card's production entries may not
 * log more pieces than the card has.
 */
function runningTotalProblem(file: BackupFile): BackupProblem | undefined {
  const byId = (name: string) => new Map((file.tables[name] ?? []).map((row) => [row.id, row]));
  const bills = byId('bills');
  const payments = byId('payments');
  const billed = new Map<unknown, number>();
  const paid = new Map<unknown, number>();
  for (const [index, row] of (file.tables.payment_allocations ?? []).entries()) {
    const bill = bills.get(row.bill_id);
    const payment = payments.get(row.payment_id);
    if (!bill || !payment) continue;
    const place = { table: 'payment_allocations', row: index + 1 };
    if (bill.status === 'cancelled') {
      return {
        ...place,
        field: 'bill_id',
        code: 'invalid_value',
        params: { rule: 'bill_not_open' },
      };
    }
    const onBill = (billed.get(row.bill_id) ?? 0) + cents(row.amount);
    billed.set(row.bill_id, onBill);
    if (onBill > cents(bill.total_amount)) {
      return {
        ...place,
        field: 'amount',
        code: 'invalid_value',
        params: { rule: 'allocation_above_balance', balance: Number(bill.total_amount) },
      };
    }
    const fromPayment = (paid.get(row.payment_id) ?? 0) + cents(row.amount);
    paid.set(row.payment_id, fromPayment);
    if (fromPayment > cents(payment.amount) + cents(payment.tds_amount)) {
      return {
        ...place,
        field: 'amount',
        code: 'invalid_value',
        params: { rule: 'allocations_exceed_payment' },
      };
    }
  }
  const cards = byId('job_cards');
  const logged = new Map<unknown, number>();
  for (const [index, row] of (file.tables.production_entries ?? []).entries()) {
    const card = cards.get(row.job_card_id);
    if (!card) continue;
    const before = logged.get(row.job_card_id) ?? 0;
    const pieces = Number(row.pieces_done) + Number(row.pieces_rejected ?? 0);
    logged.set(row.job_card_id, before + pieces);
    if (before + pieces > Number(card.quantity)) {
      return {
        table: 'production_entries',
        row: index + 1,
        field: 'pieces_done',
        code: 'invalid_value',
        params: {
          rule: 'pieces_exceed_quantity',
          left: Math.max(0, Number(card.quantity) - before),
        },
      };
    }
  }
  return undefined;
}

/**
 * The first problem of a backup, or undefined when every row can be restored: each row against
 * its table's columns and rules, then keys, references and running totals between rows.
 */
function findBackupProblem(file: BackupFile): BackupProblem | undefined {
  const profileKeys = Object.keys(file.organization).filter(
    (key) => !PROFILE_SKIPPED_KEYS.has(key),
  );
  const profile = shapeProblem(
    'organization',
    rowSchema(organizations, {
      written: new Set(profileKeys),
      filledByRestore: PROFILE_SKIPPED_KEYS,
    }),
    [file.organization],
  );
  if (profile) return profile;

  const { users, tables } = backupTables();
  const all = [users, ...tables];
  for (const table of all) {
    const rows = file.tables[table.name] ?? [];
    if (rows.length === 0) continue;
    const schema = rowSchema(table.table, {
      written: new Set(Object.keys(rows[0] ?? {})),
      filledByRestore: filledByRestore(table),
    });
    const problem = shapeProblem(table.name, schema, rows);
    if (problem) return problem;
    for (const [index, row] of rows.entries()) {
      const broken = rowRuleProblem(table.name, row);
      if (broken) return { table: table.name, row: index + 1, ...broken };
    }
  }
  for (const table of all) {
    const problem = uniquenessProblem(table, file.tables[table.name] ?? []);
    if (problem) return problem;
  }
  for (const table of tables) {
    const problem = referenceProblem(table, file);
    if (problem) return problem;
  }
  return runningTotalProblem(file);
}

/** Refuses a damaged backup before anything of it is written. */
export function assertBackupRestorable(file: BackupFile): void {
  const problem = findBackupProblem(file);
  if (problem) throw backupInvalidError(problem);
}
