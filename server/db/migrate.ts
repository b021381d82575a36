import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './database.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number works; every server of this application must use the same one. */
const MIGRATION_LOCK_ID = 4_721_093_118;

interface JournalEntry {
  idx: number;
  tag: string;
}

interface Migration {
  tag: string;
  hash: string;
  statements: string[];
}

async function readMigrations(dir: string): Promise<Migration[]> {
  const journal = JSON.parse(await readFile(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  return Promise.all(
    entries.map(async ({ tag }) => {
      const text = await readFile(path.join(dir, `${tag}.sql`), 'utf8');
      return {
        tag,
        hash: createHash('sha256').update(text).digest('hex'),
        statements: text
          .split('--> statement-breakpoint')
          .map((statement) => statement.trim())
          .filter(Boolean),
      };
    }),
  );
}

export class MigrationChangedError extends Error {}

/**
 * Applies drizzle-kit migrations that have not run yet, all in one transaction that holds an
 * advisory lock, so servers starting together against one PostgreSQL apply each migration once
 * and never see a half-migrated schema.
 */
export async function migrate(
  db: Database,
  options: { migrationsDir?: string } = {},
): Promise<{ applied: string[] }> {
  const migrations = await readMigrations(options.migrationsDir ?? MIGRATIONS_DIR);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await tx.execute(sql`
      create table if not exists karkhana_migrations (
        tag text primary key,
        hash text not null,
        applied_at timestamptz not null default now()
      )`);
    const rows = await queryRows<{ tag: string; hash: string }>(
      tx,
      sql`select tag, hash from karkhana_migrations`,
    );
    const appliedHashes = new Map(rows.map((row) => [row.tag, row.hash]));
    const applied: string[] = [];
    for (const migration of migrations) {
      const previousHash = appliedHashes.get(migration.tag);
      if (previousHash !== undefined) {
        if (previousHash !== migration.hash) {
          throw new MigrationChangedError(
            `Migration ${migration.tag} was edited after it was applied; add a new migration instead`,
          );
        }
        continue;
      }
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into karkhana_migrations (tag, hash) values (${migration.tag}, ${migration.hash})`,
      );
      applied.push(migration.tag);
    }
    return { applied };
  });
}
