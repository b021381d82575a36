import { mkdtemp, mkdir, readFile, rm, writeFile, cp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { openDatabase, queryRows } from './client.ts';
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
});
