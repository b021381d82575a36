// The production app (buildApp) on a benchmark database, in its own process so the load generator
// does not share its event loop. Also times each endpoint's SQL on the same database: it records
// the statements one request issued (drizzle's query log) and replays them through the driver.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import type { Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import * as schema from '../server/db/schema.ts';
import { seedDemoData } from '../server/db/seed.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import type { Backend, BenchSize } from './config.ts';
import { BENCH_PASSWORD, generateData } from './generate-data.ts';

export interface ServerProcessConfig {
  backend: Backend;
  databaseUrl?: string;
  dataDir?: string;
  /** Generate the benchmark dataset of this size, or seed the demo organization. */
  data:
    | {
        kind: 'generated';
        size: BenchSize;
        /** Statements run once the data is generated: a benchmark's own shape of it. */
        afterGeneration?: string[];
      }
    | { kind: 'demo' };
  staticDir: string | null;
}

export interface CapturedStatement {
  text: string;
  params: unknown[];
}

export type ParentMessage =
  | { type: 'capture-start' }
  | { type: 'capture-stop'; label: string }
  | {
      type: 'floor';
      label: string;
      runs: number;
      write: boolean;
      /** Ids the recorded write created; each replay gets fresh ones so its inserts do not clash. */
      createdIds: string[];
      /** A value each replay swaps for the next of `with` (a write that uses up what it names). */
      replace?: { value: string; with: string[] };
    }
  | { type: 'explain'; label: string };

export type ChildMessage =
  | {
      type: 'ready';
      port: number;
      /** `select version()`, without the compiler. */
      databaseVersion: string;
      generationSeconds: number | null;
      rows: Record<string, number>;
      demo: { email: string; password: string } | null;
    }
  | { type: 'capturing' }
  | { type: 'captured'; label: string; statements: string[]; authStatements: number }
  | { type: 'floor-result'; label: string; millis: number[] }
  | { type: 'plans'; label: string; plans: string[] }
  | { type: 'error'; message: string };

const send = (message: ChildMessage) => process.send?.(message);

/** Statements that only authenticate the request; the API's own overhead, not the endpoint's SQL. */
const isAuthStatement = (text: string) => /\bfrom "sessions"|update "sessions"/i.test(text);
const isTransactionControl = (text: string) =>
  /^\s*(begin|commit|rollback|savepoint|release)\b/i.test(text);

/**
 * The ids of the audit entries a recorded write appended: the response does not carry them, yet a
 * replay must not reuse them. Drizzle lists the columns in table order, so the id is the first.
 */
const auditEntryIds = (statements: { text: string; params: unknown[] }[]) =>
  statements
    .filter((statement) => /^\s*insert into "audit_log"/i.test(statement.text))
    .map((statement) => statement.params[0])
    .filter((id): id is string => typeof id === 'string');

/** A start that fails half-way must not leave the (detached) embedded PostgreSQL running. */
let stopEmbeddedOnFailure: () => Promise<void> = async () => {};

async function main() {
  const config = JSON.parse(process.argv[2] ?? '{}') as ServerProcessConfig;
  let capturing = false;
  let lastStatementAt = 0;
  let captured: CapturedStatement[] = [];
  const recordings = new Map<string, CapturedStatement[]>();
  const logger = {
    logQuery(text: string, params: unknown[]) {
      lastStatementAt = performance.now();
      if (capturing) captured.push({ text, params });
    },
  };

  let databaseUrl = config.databaseUrl;
  let embedded: DatabaseHandle | null = null;
  if (config.backend === 'embedded') {
    if (!config.dataDir) throw new Error('dataDir is required for the embedded database');
    // What server/main.ts does without DATABASE_URL: initialise and start the app's own
    // PostgreSQL in DATA_DIR/postgres, with its settings and full durability.
    const opened = await openDatabase({
      dataDir: config.dataDir,
      log: (level, message) => {
        if (level !== 'info') console.error(`embedded database: ${message}`);
      },
    });
    embedded = opened;
    databaseUrl = opened.embedded?.url;
    stopEmbeddedOnFailure = () => opened.close();
  }
  // The app's pool is replaced by one of the same size (server/db/client.ts's openDatabase) whose
  // logger records each statement with its parameters, for the floor replay.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => {});
  const db: Database = drizzlePostgres({ client: pool, schema, logger });
  const floorClient = await pool.connect();
  // Checked-out connections other than the floor's, and callers waiting for one.
  const databaseBusy = () => pool.totalCount - pool.idleCount - 1 + pool.waitingCount > 0;
  const runStatement = (text: string, params: unknown[]) => floorClient.query(text, params);
  const closeDatabase = async () => {
    floorClient.release();
    await pool.end();
    // Stops the embedded PostgreSQL, as the server does on SIGTERM.
    await embedded?.close();
  };
  const versionResult = await floorClient.query<{ version: string }>('select version()');
  // `PostgreSQL 18.4 on x86_64-pc-linux-gnu, compiled by ...`: the compiler says nothing here.
  const databaseVersion = (versionResult.rows[0]?.version ?? 'unknown').split(', compiled by')[0]!;

  await migrate(db);
  let generationSeconds: number | null = null;
  let demo: { email: string; password: string } | null = null;
  if (config.data.kind === 'generated') {
    const stats = await generateData(
      (statement) => db.execute(sql.raw(statement)),
      config.data.size,
      await hashPassword(BENCH_PASSWORD),
    );
    for (const statement of config.data.afterGeneration ?? []) await db.execute(sql.raw(statement));
    generationSeconds = stats.seconds;
  } else {
    const seeded = await seedDemoData(db);
    demo = { email: seeded.email, password: seeded.password };
  }
  const rows: Record<string, number> = {};
  for (const table of [
    'organizations',
    'merchants',
    'designs',
    'workers',
    'worker_salaries',
    'expenses',
    'orders',
    'order_lines',
    'bills',
    'bill_lines',
    'payments',
    'job_cards',
  ]) {
    const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as {
      rows: { n: number }[];
    };
    rows[table] = Number(result.rows[0]?.n ?? 0);
  }

  const app = await buildApp({
    db,
    staticDir: config.staticDir,
    // The per-IP ceiling would turn a load test from one address into 429s.
    rateLimitPerMinute: 0,
  });
  // Requests still queued from a load run must finish before a recording starts, or their
  // statements would be counted as the next endpoint's. A client that gave up closes its response
  // while the handler still runs, so an idle database and half a second without a new statement
  // are waited for as well.
  let inFlight = 0;
  app.server.on('request', (_request, response) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    try {
      await app.close();
      await closeDatabase();
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));
  process.on('disconnect', () => void stop(0));

  process.on('message', (message: ParentMessage) => {
    void handle(message).catch((error: unknown) =>
      send({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  });

  async function handle(message: ParentMessage) {
    if (message.type === 'capture-start') {
      while (inFlight > 0 || databaseBusy() || performance.now() - lastStatementAt < 500) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      captured = [];
      capturing = true;
      send({ type: 'capturing' });
      return;
    }
    if (message.type === 'capture-stop') {
      capturing = false;
      const statements = captured.filter((statement) => !isTransactionControl(statement.text));
      const own = statements.filter((statement) => !isAuthStatement(statement.text));
      recordings.set(message.label, own);
      send({
        type: 'captured',
        label: message.label,
        statements: own.map((statement) => statement.text),
        authStatements: statements.length - own.length,
      });
      return;
    }
    const statements = recordings.get(message.label) ?? [];
    if (message.type === 'explain') {
      const plans: string[] = [];
      for (const statement of statements) {
        const result = (await runStatement(
          `explain (analyze, buffers) ${statement.text}`,
          statement.params,
        )) as {
          rows: Record<string, string>[];
        };
        plans.push(result.rows.map((row) => Object.values(row)[0]).join('\n'));
      }
      send({ type: 'plans', label: message.label, plans });
      return;
    }
    const millis: number[] = [];
    // One untimed pass warms the plan and buffer caches, as the load runs are warm too.
    for (let run = 0; run <= message.runs; run += 1) {
      const started = performance.now();
      // A write is replayed inside a transaction that is rolled back, so it can run again.
      if (message.write) await runStatement('begin', []);
      const fresh = new Map<string, string>(
        [...message.createdIds, ...auditEntryIds(statements)].map((id) => [id, randomUUID()]),
      );
      const replacement = message.replace?.with[run % message.replace.with.length];
      if (message.replace && replacement) fresh.set(message.replace.value, replacement);
      for (const statement of statements) {
        const params = statement.params.map((param) =>
          typeof param === 'string' ? (fresh.get(param) ?? param) : param,
        );
        await runStatement(statement.text, params);
      }
      if (message.write) await runStatement('rollback', []);
      if (run > 0) millis.push(performance.now() - started);
    }
    send({ type: 'floor-result', label: message.label, millis });
  }

  send({ type: 'ready', port, databaseVersion, generationSeconds, rows, demo });
}

main().catch((error: unknown) => {
  send({
    type: 'error',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  console.error(error);
  void stopEmbeddedOnFailure()
    .catch(() => undefined)
    .finally(() => process.exit(1));
});
