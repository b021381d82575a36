import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { openDatabase } from './client.ts';
import { queryRows } from './database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(() => database.drop());

describe('the connection pool', () => {
  it('fails only the transaction whose connection the server drops, and keeps serving', async () => {
    const handle = await openDatabase({ databaseUrl: database.url, maxConnections: 1 });
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const sleeping = `select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and query like 'select pg_sleep(30)%'`;
    try {
      const work = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(30)`);
      });
      work.catch(() => undefined);
      await expect
        .poll(async () => (await admin.query(sleeping)).rowCount, { timeout: 10_000 })
        .toBe(1);
      // What a restart, a failover or an administrator ending the session looks like.
      await admin.query(`select pg_terminate_backend(pid) from (${sleeping}) as busy`);
      await expect(work).rejects.toThrow();
      expect(await queryRows<{ one: number }>(handle.db, sql`select 1 as one`)).toEqual([
        { one: 1 },
      ]);
    } finally {
      await admin.end();
      await handle.close();
    }
  });
});
