import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { TEST_PASSWORD } from '../test/test-app.ts';
import { openDatabase } from './client.ts';
import { queryRows, type Database } from './database.ts';
import { DataFolderError, postgresPaths } from './embedded/data-folder.ts';
import { migrate } from './migrate.ts';
import * as schema from './schema.ts';

const TABLES = ['organizations', 'users', 'merchants', 'designs', 'orders', 'order_lines'];
const COUNTED = [...TABLES, 'order_daily_totals', 'login_attempts', 'sessions'];

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'karkhana-pglite-'));
  await chmod(dataDir, 0o755);
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function inject(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: object,
) {
  const response = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json<{ data: Record<string, unknown> }>() };
}

async function counts(query: (sql: string) => Promise<number>) {
  const result: Record<string, number> = {};
  for (const table of COUNTED)
    result[table] = await query(`select count(*)::int as count from "${table}"`);
  return result;
}

/** A data folder as earlier releases left it: PGlite, filled through the app. */
async function makePgliteFolder() {
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  await migrate(db);
  const app = await buildApp({ db, staticDir: null, rateLimitPerMinute: 0 });
  const registered = await inject(app, 'POST', '/api/auth/register', undefined, {
    organizationName: 'Old Works',
    name: 'Owner',
    email: 'owner@old.example',
    password: TEST_PASSWORD,
  });
  expect(registered.status).toBe(201);
  const token = (registered.body.data.token as { accessToken: string }).accessToken;
  const design = await inject(app, 'POST', '/api/designs', token, {
    name: 'Paisley',
    designCode: 'P-1',
    rate: 12.5,
  });
  expect(design.status).toBe(201);
  for (const day of ['2025-01-05', '2025-01-06', '2025-02-10']) {
    const merchant = await inject(app, 'POST', '/api/merchants', token, {
      name: `Merchant ${day}`,
    });
    expect(merchant.status).toBe(201);
    const order = await inject(app, 'POST', '/api/orders', token, {
      merchantId: merchant.body.data._id,
      poNumber: `PO-${day}`,
      orderDate: day,
      designs: [{ designId: design.body.data._id, quantity: 10, rate: 12.5 }],
    });
    expect(order.status).toBe(201);
  }
  // A failed sign-in leaves a login_attempts row (an identity column).
  await inject(app, 'POST', '/api/auth/login', undefined, {
    email: 'owner@old.example',
    password: 'wrong password',
  });
  await app.close();
  const before = await counts(
    async (sql) => (await client.query<{ count: number }>(sql)).rows[0]!.count,
  );
  await client.close();
  return before;
}

describe('moving a PGlite data folder to PostgreSQL', () => {
  it('copies every row, keeps sign-in working and moves the PGlite files aside', async () => {
    const before = await makePgliteFolder();
    expect(before.orders).toBe(3);
    expect(before.order_daily_totals).toBeGreaterThan(0);

    const database = await openDatabase({ dataDir });
    try {
      const after = await counts(
        async (query) =>
          (await queryRows<{ count: number }>(database.db, sql.raw(query)))[0]!.count,
      );
      expect(after).toEqual(before);

      const entries = await readdir(dataDir);
      expect(entries).not.toContain('PG_VERSION');
      const backup = entries.find((entry) => /^pglite-backup-\d{8}-\d{6}$/.test(entry));
      expect(backup).toBeDefined();
      await stat(path.join(dataDir, backup!, 'PG_VERSION'));

      const app = await buildApp({ db: database.db, staticDir: null, rateLimitPerMinute: 0 });
      const signedIn = await inject(app, 'POST', '/api/auth/login', undefined, {
        email: 'owner@old.example',
        password: TEST_PASSWORD,
      });
      expect(signedIn.status).toBe(200);
      const token = (signedIn.body.data.token as { accessToken: string }).accessToken;
      const report = await inject(app, 'GET', '/api/reports/orders?groupBy=month', token);
      expect(report.body.data.totals).toMatchObject({ orderCount: 3, totalQuantity: 30 });
      // New identity values continue after the copied ones.
      const failed = await inject(app, 'POST', '/api/auth/login', undefined, {
        email: 'owner@old.example',
        password: 'wrong again',
      });
      expect(failed.status).toBe(401);
      await app.close();
    } finally {
      await database.close();
    }
  }, 120_000);

  it('leaves the PGlite folder as it was when the move fails, and says so', async () => {
    await makePgliteFolder();
    const client = await PGlite.create(dataDir);
    await client.query(`update karkhana_migrations set hash = 'edited' where tag = '0000_init'`);
    await client.close();
    const entriesBefore = (await readdir(dataDir)).sort();

    const error = await openDatabase({ dataDir }).then(
      (database) => database.close().then(() => undefined),
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DataFolderError);
    expect((error as Error).message).toContain(
      `Moving the database in ${dataDir} from PGlite to PostgreSQL failed, so the PGlite data was left untouched`,
    );
    const entriesAfter = (await readdir(dataDir)).filter((entry) => entry !== 'postgres.log');
    expect(entriesAfter.sort()).toEqual(entriesBefore);
    await expect(stat(postgresPaths(dataDir).cluster)).rejects.toThrow();

    const reopened = await PGlite.create(dataDir);
    const users = await reopened.query<{ count: number }>(
      'select count(*)::int as count from users',
    );
    expect(users.rows[0]!.count).toBe(1);
    await reopened.close();
  }, 120_000);
});
