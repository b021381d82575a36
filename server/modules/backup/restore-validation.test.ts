import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupFile, type BackupFile } from '../../../contract/data-io.ts';
import type { FieldError } from '../../../contract/errors.ts';
import { queryRows } from '../../db/database.ts';
import { demoSeeders } from '../../db/seed.ts';
import { createTenantContext } from '../../lib/tenant.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { backupTables } from './tables.ts';

type Row = Record<string, unknown>;

const DISTINCT_NAME = 'Zanzibar Quilting House 7741';
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

let t: TestApp;
let source: TestUser;
let target: TestUser;
let file: BackupFile;
let passwordHash: string;

/** The backup with one table's rows changed by `change` (which may edit them in place). */
function damaged(table: string, change: (rows: Row[]) => Row[] | void): BackupFile {
  const copy = structuredClone(file);
  const rows = copy.tables[table] ?? [];
  copy.tables[table] = change(rows) ?? rows;
  return copy;
}

const rowOf = (table: string, find: (row: Row) => boolean) => {
  const index = (file.tables[table] ?? []).findIndex(find);
  expect(index, `${table} has such a row`).toBeGreaterThanOrEqual(0);
  return index;
};

/** Rows per table of the target organization, to show that a refused restore wrote nothing. */
async function rowCounts(organizationId: string) {
  const { users, tables } = backupTables();
  const counts: Record<string, number> = {};
  for (const table of [users, ...tables]) {
    const [row] = await queryRows<{ count: number }>(
      t.database.handle.db,
      sql`select count(*)::int as count from ${sql.identifier(table.name)}
          where organization_id = ${organizationId}`,
    );
    counts[table.name] = row?.count ?? -1;
  }
  return counts;
}

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: logStream } });
  source = await t.registerUser({ email: `source-${uuidv7()}@example.com` });
  const organizationId = source.auth.organization._id;
  const tenant = createTenantContext(organizationId, source.auth.user._id);
  for (const seeder of demoSeeders) {
    await seeder(t.database.handle.db, { tenant, now: new Date('2026-11-20T10:00:00Z') });
  }
  const response = await t.send(source, 'GET', '/api/backup');
  expect(response.statusCode).toBe(200);
  file = backupFile.parse(response.json());
  // A name to look for in the log: every damaged file below carries it.
  file.tables.merchants![0]!.name = DISTINCT_NAME;
  passwordHash = String(file.tables.users![0]!.password_hash);
  // The owner's email has an account here already; a free one is restored, hash and all.
  file.tables.users![0]!.email = `restored-${uuidv7()}@example.com`;
  target = await t.registerUser();
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('POST /api/backup/restore with a damaged file', () => {
  const cases: {
    name: string;
    file: () => BackupFile;
    expected: () => { table: string; row: number; field: string; code: string };
  }[] = [
    {
      name: 'a merchant without id',
      file: () =>
        damaged('merchants', (rows) => {
          delete rows[1]!.id;
        }),
      expected: () => ({ table: 'merchants', row: 2, field: 'id', code: 'required' }),
    },
    {
      name: 'an id that is not a UUID',
      file: () =>
        damaged('merchants', (rows) => {
          rows[2]!.id = 'merchant-3';
        }),
      expected: () => ({ table: 'merchants', row: 3, field: 'id', code: 'invalid_format' }),
    },
    {
      name: 'a version that is not a number',
      file: () =>
        damaged('merchants', (rows) => {
          rows[0]!.version = 'abc';
        }),
      expected: () => ({ table: 'merchants', row: 1, field: 'version', code: 'invalid_type' }),
    },
    {
      name: 'a negative payment amount',
      file: () =>
        damaged('payments', (rows) => {
          rows[0]!.amount = -500;
        }),
      expected: () => ({ table: 'payments', row: 1, field: 'amount', code: 'too_small' }),
    },
    {
      name: 'money with three decimals',
      file: () =>
        damaged('expenses', (rows) => {
          rows[0]!.amount = 10.125;
        }),
      expected: () => ({ table: 'expenses', row: 1, field: 'amount', code: 'too_many_decimals' }),
    },
    {
      name: 'an allocation above its bill',
      file: () =>
        damaged('payment_allocations', (rows) => {
          const bill = file.tables.bills!.find((row) => row.id === rows[0]!.bill_id)!;
          rows[0]!.amount = Number(bill.total_amount) + 1;
        }),
      expected: () => ({
        table: 'payment_allocations',
        row: 1,
        field: 'amount',
        code: 'invalid_value',
      }),
    },
    {
      name: 'a NUL character in a name',
      file: () =>
        damaged('merchants', (rows) => {
          rows[0]!.name = `${DISTINCT_NAME}\u0000`;
        }),
      expected: () => ({ table: 'merchants', row: 1, field: 'name', code: 'invalid_format' }),
    },
    {
      name: 'a date that does not exist',
      file: () =>
        damaged('expenses', (rows) => {
          rows[1]!.expense_date = '2026-02-30';
        }),
      expected: () => ({
        table: 'expenses',
        row: 2,
        field: 'expense_date',
        code: 'invalid_format',
      }),
    },
    {
      name: 'a bill pointing to a merchant not in the backup',
      file: () =>
        damaged('bills', (rows) => {
          rows[0]!.merchant_id = uuidv7();
        }),
      expected: () => ({ table: 'bills', row: 1, field: 'merchant_id', code: 'not_found' }),
    },
    {
      name: 'an allocation to an unknown bill',
      file: () =>
        damaged('payment_allocations', (rows) => {
          rows[1]!.bill_id = uuidv7();
        }),
      expected: () => ({
        table: 'payment_allocations',
        row: 2,
        field: 'bill_id',
        code: 'not_found',
      }),
    },
    {
      name: 'an order line whose design is missing',
      file: () => {
        const designId = file.tables.order_lines![0]!.design_id;
        return damaged('designs', (rows) => rows.filter((row) => row.id !== designId));
      },
      expected: () => ({ table: 'order_lines', row: 1, field: 'design_id', code: 'not_found' }),
    },
    {
      name: 'the same id twice',
      file: () => damaged('designs', (rows) => [...rows, { ...rows[0]! }]),
      expected: () => ({
        table: 'designs',
        row: (file.tables.designs ?? []).length + 1,
        field: 'id',
        code: 'duplicate',
      }),
    },
    {
      name: 'a user with a role that does not exist',
      file: () =>
        damaged('users', (rows) => {
          rows[0]!.role = 'superuser';
        }),
      expected: () => ({ table: 'users', row: 1, field: 'role', code: 'invalid_value' }),
    },
    {
      name: 'a cancelled bill taking a payment',
      file: () =>
        damaged('bills', (rows) => {
          const index = rowOf(
            'bills',
            (row) => row.id === file.tables.payment_allocations![0]!.bill_id,
          );
          rows[index]!.status = 'cancelled';
        }),
      expected: () => ({
        table: 'payment_allocations',
        row: 1,
        field: 'bill_id',
        code: 'invalid_value',
      }),
    },
  ];

  it.each(cases)(
    'answers 400 backup_invalid for $name, naming table, row and field',
    async (example) => {
      const before = await rowCounts(target.auth.organization._id);
      const response = await t.send(target, 'POST', '/api/backup/restore', example.file());
      const expected = example.expected();
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<{ code: string; message: string; errors: FieldError[] }>();
      expect(body.code).toBe('backup_invalid');
      expect(body.message).toContain(
        `row ${expected.row} of ${expected.table}, field ${expected.field}`,
      );
      expect(body.errors[0]?.code).toBe(expected.code);
      expect(body.errors[0]?.params).toMatchObject({
        table: expected.table,
        row: expected.row,
        field: expected.field,
      });
      expect(response.body).not.toContain(DISTINCT_NAME);
      expect(response.body).not.toContain(passwordHash);
      expect(await rowCounts(target.auth.organization._id)).toEqual(before);
    },
  );

  it('writes none of the rows into the log', () => {
    const log = logLines.join('');
    expect(log).toContain('/api/backup/restore');
    expect(log).not.toContain(DISTINCT_NAME);
    expect(log).not.toContain(passwordHash);
  });

  it('still restores the file when nothing is damaged', async () => {
    const response = await t.send(target, 'POST', '/api/backup/restore', file);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  }, 60_000);
});
