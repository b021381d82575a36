import { mkdtemp, mkdir, readFile, rm, writeFile, cp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { openDatabase } from './client.ts';
import { queryRows } from './database.ts';
import { MIGRATIONS_DIR, MigrationChangedError, migrate } from './migrate.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

async function appliedTags(db: TestDatabase['handle']['db']) {
  const rows = await queryRows<{ tag: string }>(
    db,
    sql`select tag from karkhana_migrations order by tag`,
  );
  return rows.map((row) => row.tag);
}

async function journalTags() {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag).sort();
}

describe('migrate', () => {
  it('applies every migration once, even when started concurrently', async () => {
    database = await createTestDatabase({ migrate: false });
    // Separate connections when running against PostgreSQL, so the advisory lock is exercised.
    const others = database.url
      ? await Promise.all([
          openDatabase({ databaseUrl: database.url }),
          openDatabase({ databaseUrl: database.url }),
        ])
      : [database.handle, database.handle];
    try {
      const results = await Promise.all([
        migrate(database.handle.db),
        ...others.map((other) => migrate(other.db)),
      ]);
      const appliedCounts = results.map((result) => result.applied.length);
      expect(appliedCounts.filter((count) => count > 0)).toHaveLength(1);
      expect(await appliedTags(database.handle.db)).toEqual(await journalTags());
      expect((await migrate(database.handle.db)).applied).toEqual([]);
    } finally {
      if (database.url) await Promise.all(others.map((other) => other.close()));
    }
  });

  it('refuses to continue when an applied migration was edited', async () => {
    database = await createTestDatabase({ migrate: false });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'karkhana-migrations-'));
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      await migrate(database.handle.db, { migrationsDir: dir });
      await writeFile(path.join(dir, '0000_init.sql'), '-- edited\nselect 1;');
      await expect(migrate(database.handle.db, { migrationsDir: dir })).rejects.toBeInstanceOf(
        MigrationChangedError,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('applies a new migration and rolls back entirely when one fails', async () => {
    database = await createTestDatabase({ migrate: false });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'karkhana-migrations-'));
    try {
      await mkdir(path.join(dir, 'meta'), { recursive: true });
      const journal = (entries: string[]) =>
        writeFile(
          path.join(dir, 'meta', '_journal.json'),
          JSON.stringify({ entries: entries.map((tag, idx) => ({ idx, tag })) }),
        );
      await writeFile(
        path.join(dir, '0000_a.sql'),
        'create table a (id int);\n--> statement-breakpoint\ninsert into a values (1);',
      );
      await journal(['0000_a']);
      expect((await migrate(database.handle.db, { migrationsDir: dir })).applied).toEqual([
        '0000_a',
      ]);

      await writeFile(
        path.join(dir, '0001_b.sql'),
        'create table b (id int);\n--> statement-breakpoint\nselect * from missing_table;',
      );
      await journal(['0000_a', '0001_b']);
      await expect(migrate(database.handle.db, { migrationsDir: dir })).rejects.toThrow();
      const tables = await queryRows<{ name: string | null }>(
        database.handle.db,
        sql`select to_regclass('b')::text as name`,
      );
      expect(tables[0]?.name).toBeNull();
      expect(await appliedTags(database.handle.db)).toEqual(['0000_a']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fills the merchants’ running totals from the bills and payments already there', async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database.handle;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'karkhana-migrations-'));
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      const journalFile = path.join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
        entries: { tag: string }[];
      };
      journal.entries = journal.entries.filter((entry) => entry.tag < '0012');
      await writeFile(journalFile, JSON.stringify(journal));
      await migrate(db, { migrationsDir: dir });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const org = '0195f0a0-0000-7000-8000-000000000001';
    const [alpha, beta, idle] = ['a', 'b', 'c'].map(
      (letter) => `0195f0a0-0000-7000-8000-00000000000${letter}`,
    ) as [string, string, string];
    await db.execute(sql`insert into organizations (id, name) values (${org}, 'Older Looms')`);
    await db.execute(sql`insert into merchants (organization_id, id, name)
      values (${org}, ${alpha}, 'Alpha'), (${org}, ${beta}, 'Beta'), (${org}, ${idle}, 'Idle')`);
    const bill = (number: string, merchant: string, total: string, status: string) => sql`
      insert into bills (organization_id, id, number, merchant_id, bill_date, due_date, bill_type,
        gst_rate, place_of_supply, taxable_amount, cgst_amount, sgst_amount, igst_amount,
        round_off, total_amount, status, seller, merchant)
      values (${org}, gen_random_uuid(), ${number}, ${merchant}, '2026-02-01', '2026-02-16',
        'bill_of_supply', 0, '24', ${total}::numeric, 0, 0, 0, 0, ${total}::numeric, ${status},
        '{}'::jsonb, '{}'::jsonb)`;
    await db.execute(bill('OLD/1', alpha, '1000.50', 'unpaid'));
    await db.execute(bill('OLD/2', alpha, '250.25', 'unpaid'));
    await db.execute(bill('OLD/3', alpha, '999.00', 'cancelled'));
    await db.execute(bill('OLD/4', beta, '75.00', 'unpaid'));
    await db.execute(sql`insert into payments (organization_id, id, merchant_id, payment_date,
        amount, method, tds_amount)
      values (${org}, gen_random_uuid(), ${beta}, '2026-02-05', 500, 'cash', 12.50),
             (${org}, gen_random_uuid(), ${beta}, '2026-02-06', 100.10, 'upi', 0)`);

    expect((await migrate(db)).applied).toEqual(
      (await journalTags()).filter((tag) => tag >= '0012'),
    );
    const kept = await queryRows<Record<string, unknown>>(
      db,
      sql`select merchant_id, bill_count, billed_amount::text as billed, payment_count,
            received_amount::text as received
          from merchant_balances where organization_id = ${org} order by merchant_id`,
    );
    expect(kept).toEqual([
      { merchant_id: alpha, bill_count: 2, billed: '1250.75', payment_count: 0, received: '0.00' },
      { merchant_id: beta, bill_count: 1, billed: '75.00', payment_count: 2, received: '612.60' },
    ]);
  });
});
