import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import {
  DATABASE_DUMP_VERSION,
  DumpError,
  dumpDatabase,
  restoreDatabase,
} from './database-dump.ts';
import { seedDemoData } from './seed.ts';

let source: TestDatabase;
let target: TestDatabase;
const clients: pg.Client[] = [];

async function connect(database: TestDatabase) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  clients.push(client);
  return client;
}

/** Every table's rows as one fingerprint, independent of physical order. */
async function fingerprint(client: pg.Client) {
  const { rows: tables } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    if (name === 'karkhana_migrations') continue;
    const { rows } = await client.query<{ count: number; digest: string | null }>(
      `select count(*)::int as count,
              md5(string_agg(row_to_json(t)::text, '|' order by row_to_json(t)::text)) as digest
       from "${name}" t`,
    );
    result[name] = `${rows[0]?.count}:${rows[0]?.digest}`;
  }
  return result;
}

async function dumpText(client: pg.Client) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await dumpDatabase(client, out);
  out.end();
  return Buffer.concat(chunks).toString('utf8');
}

const linesOf = (text: string) => Readable.from(text.split('\n')) as AsyncIterable<string>;

/** Runs `check` on a database of its own with the schema and no rows, dropped afterwards. */
async function withEmptyDatabase(check: (client: pg.Client) => Promise<void>) {
  const empty = await createTestDatabase();
  const client = new pg.Client({ connectionString: empty.url });
  await client.connect();
  try {
    await check(client);
  } finally {
    await client.end();
    await empty.drop();
  }
}

async function expectNoOrganizations(client: pg.Client) {
  const { rows } = await client.query('select count(*)::int as count from organizations');
  expect(rows[0]).toEqual({ count: 0 });
}

beforeAll(async () => {
  [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await seedDemoData(source.handle.db, new Date('2026-11-20T10:00:00Z'));
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.end();
  await Promise.all([source.drop(), target.drop()]);
});

describe('dumpDatabase and restoreDatabase', () => {
  it('copy every table of the database row for row', async () => {
    const from = await connect(source);
    const text = await dumpText(from);
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as {
      version: number;
      migrations: string[];
    };
    expect(header.version).toBe(DATABASE_DUMP_VERSION);
    expect(header.migrations.length).toBeGreaterThan(5);

    const to = await connect(target);
    const counts = await restoreDatabase(to, linesOf(text));
    expect(counts.orders).toBeGreaterThan(0);
    const expected = await fingerprint(from);
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining(['order_daily_totals', 'sessions', 'bills']),
    );
    expect(await fingerprint(to)).toEqual(expected);
  }, 60_000);

  it('sum the merchants’ running totals when the backup predates them', async () => {
    const from = await connect(source);
    const text = await dumpText(from);
    const [headerLine, ...rest] = text.split('\n');
    const header = JSON.parse(headerLine!) as { migrations: string[] };
    const older = JSON.stringify({
      ...header,
      migrations: header.migrations.filter((tag) => tag !== '0012_merchant_balances'),
    });
    const withoutBalances: string[] = [];
    let skipping = false;
    for (const line of rest) {
      if (line.startsWith('#table ')) skipping = line.startsWith('#table merchant_balances ');
      if (!skipping) withoutBalances.push(line);
    }
    expect(withoutBalances.length).toBeLessThan(rest.length);

    await withEmptyDatabase(async (client) => {
      await restoreDatabase(client, linesOf([older, ...withoutBalances].join('\n')));
      const balances = (await fingerprint(from)).merchant_balances;
      expect(balances).not.toMatch(/^0:/);
      expect((await fingerprint(client)).merchant_balances).toBe(balances);
    });
  }, 60_000);

  it('refuse a database that holds data, and a backup of a newer release', async () => {
    const from = await connect(source);
    const text = await dumpText(from);
    await expect(restoreDatabase(await connect(target), linesOf(text))).rejects.toThrow(DumpError);

    await withEmptyDatabase(async (client) => {
      const [headerLine, ...rest] = text.split('\n');
      const header = JSON.parse(headerLine!) as { migrations: string[] };
      const newer = JSON.stringify({
        ...header,
        migrations: [...header.migrations, '9999_future'],
      });
      await expect(restoreDatabase(client, linesOf([newer, ...rest].join('\n')))).rejects.toThrow(
        /newer version/,
      );
      await expectNoOrganizations(client);
    });
  }, 60_000);

  it('refuse a damaged row before loading it, naming table, row and field', async () => {
    const text = await dumpText(await connect(source));
    const lines = text.split('\n');
    const merchantsAt = lines.findIndex((line) => line.startsWith('#table merchants '));
    const second = JSON.parse(lines[merchantsAt + 2]!) as Record<string, unknown>;
    lines[merchantsAt + 2] = JSON.stringify({ ...second, name: 'Zanzibar\u0000House' });

    await withEmptyDatabase(async (client) => {
      const failure = await restoreDatabase(client, linesOf(lines.join('\n'))).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(DumpError);
      expect((failure as Error).message).toBe(
        'The backup is damaged: row 2 of merchants, field name: ' +
          'Remove control characters (such as NUL) from this text',
      );
      await expectNoOrganizations(client);
    });
  }, 60_000);
});
