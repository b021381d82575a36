import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Backend, BenchOptions } from './config.ts';
import { BENCH_EMAIL, BENCH_PASSWORD } from './generate-data.ts';
import { startPostgres, type PostgresCluster } from './postgres-cluster.ts';
import { postgresPaths } from '../server/db/embedded/data-folder.ts';
import { processAlive } from '../server/db/embedded/ports-and-pids.ts';
import {
  describeMemory,
  postmasterPid,
  processTree,
  serverMemory,
  type ServerMemory,
} from './process-memory.ts';
import type { ChildMessage, ParentMessage, ServerProcessConfig } from './server-process.ts';

const SERVER_PROCESS = fileURLToPath(new URL('./server-process.ts', import.meta.url));

export interface LoadFigures {
  connections: number;
  p50: number;
  p99: number;
  requestsPerSecond: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface EndpointResult {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Statements the endpoint itself ran (the session lookup not counted). */
  statements: number;
  authStatements: number;
  /** The endpoint's SQL as the server sent it, for EXPLAIN ANALYZE. */
  sql: string[];
  /** EXPLAIN (ANALYZE, BUFFERS) of each statement, with `--explain`. */
  plans: string[];
  floor: { p50: number; p99: number; runs: number };
  load: LoadFigures[];
  /** API p50 at one connection divided by the SQL floor's p50. */
  apiToSqlRatio: number | null;
  problems: string[];
}

export interface BackendResult {
  backend: Backend;
  /** `select version()` of the database the server ran on. */
  databaseVersion: string;
  /** The server's Node process and its PostgreSQL processes, after data generation and load. */
  memory: ServerMemory[];
  generationSeconds: number | null;
  rows: Record<string, number>;
  endpoints: EndpointResult[];
}

export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** The server child and a way to ask it things over IPC. */
export class ServerChild {
  readonly process: ChildProcess;
  /** The folder holding the PostgreSQL cluster's postmaster.pid, for its memory and its stop. */
  readonly clusterDir: string | null;
  private waiting: {
    type: ChildMessage['type'];
    resolve: (m: ChildMessage) => void;
    reject: (e: Error) => void;
  }[] = [];
  private exitError: Error | null = null;
  private readonly embedded: boolean;

  constructor(config: ServerProcessConfig, clusterDir: string | null = null) {
    this.clusterDir =
      config.backend === 'embedded' && config.dataDir
        ? postgresPaths(config.dataDir).cluster
        : clusterDir;
    this.embedded = config.backend === 'embedded';
    this.process = spawn(
      process.execPath,
      ['--import', 'tsx', SERVER_PROCESS, JSON.stringify(config)],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    this.process.on('message', (message: ChildMessage) => {
      if (message.type === 'error') {
        const error = new Error(`benchmark server: ${message.message}`);
        for (const waiter of this.waiting.splice(0)) waiter.reject(error);
        return;
      }
      const index = this.waiting.findIndex((waiter) => waiter.type === message.type);
      if (index >= 0) this.waiting.splice(index, 1)[0]?.resolve(message);
    });
    this.process.on('exit', (code, signal) => {
      this.exitError = new Error(`benchmark server exited (${signal ?? code})`);
      for (const waiter of this.waiting.splice(0)) waiter.reject(this.exitError);
    });
  }

  next<T extends ChildMessage['type']>(type: T): Promise<Extract<ChildMessage, { type: T }>> {
    if (this.exitError) return Promise.reject(this.exitError);
    return new Promise((resolve, reject) => {
      this.waiting.push({ type, resolve: resolve as (m: ChildMessage) => void, reject });
    });
  }

  send(message: ParentMessage) {
    this.process.send(message);
  }

  memory(moment: string): ServerMemory | null {
    if (this.process.pid === undefined || !this.clusterDir) return null;
    return serverMemory(moment, this.process.pid, this.clusterDir);
  }

  async stop(): Promise<void> {
    if (this.process.exitCode === null && this.process.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.process.once('exit', () => resolve()));
      this.process.kill('SIGTERM');
      const timer = setTimeout(() => this.process.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    // The server stops its PostgreSQL on SIGTERM; one that crashed or was killed leaves it
    // running detached, and the benchmark must not.
    if (this.embedded && this.clusterDir) await stopLeftoverPostmaster(this.clusterDir);
  }
}

async function stopLeftoverPostmaster(clusterDir: string) {
  const pid = postmasterPid(clusterDir);
  if (pid === null || !processAlive(pid)) return;
  console.error(`stopping PostgreSQL ${pid}, which its server left running`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (processAlive(pid) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  if (processAlive(pid)) for (const member of processTree(pid)) process.kill(member, 'SIGKILL');
}

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /**
   * A write that uses up what it names (bill creation bills an order once): each request takes
   * the next body from this list, and the run ends when its share is spent.
   */
  consumable?: {
    bodies: unknown[];
    /** The value in `body` each floor replay swaps for the one in a different unused body. */
    replaced: string;
    replacements: string[];
  };
}

/** A finished order not on any bill, as bill creation needs it. */
interface UnbilledOrder {
  _id: string;
  merchantId: string;
}

/**
 * Completed orders not yet on a bill, read page by page (the generator leaves a tenth of the book
 * so). Enough for the floor replays and both load runs at the sizes' request rates.
 */
async function unbilledOrders(base: string, token: string, wanted: number) {
  const found: UnbilledOrder[] = [];
  for (let page = 1; found.length < wanted; page += 1) {
    const list = await api<{
      data: (UnbilledOrder & { billId: string | null })[];
      totalPages: number;
    }>(base, token, 'GET', `/api/orders?status=completed&page=${page}&limit=100`);
    found.push(...list.data.filter((order) => order.billId === null));
    if (page >= list.totalPages) break;
  }
  return found.slice(0, wanted);
}

/** Bill creations a load run may make per second of its duration, at most. */
const WRITE_RATE_CAP = 300;
/** Unbilled orders the floor replays swap in, one per replay (they are rolled back). */
const FLOOR_SPARE = 60;
/** Unbilled orders the bill-creation endpoint reads: the floor's and both load runs'. */
const BILL_POOL = 4_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function api<T>(
  base: string,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  // A download (the CSV register) is not an envelope; its text is what was sent.
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text as T;
  return (JSON.parse(text) as { data: T }).data;
}

export async function signIn(base: string, email: string, password: string): Promise<unknown> {
  return api(base, null, 'POST', '/api/auth/login', { email, password });
}

/** The endpoints of the performance issue, with ids and page numbers read from the dataset. */
async function endpointsFor(
  base: string,
  token: string,
): Promise<{ endpoints: Endpoint[]; deepPage: number }> {
  const firstPage = await api<{ data: { _id: string }[]; totalPages: number }>(
    base,
    token,
    'GET',
    '/api/orders?page=1&limit=10',
  );
  const merchants = await api<{ data: { _id: string }[] }>(
    base,
    token,
    'GET',
    '/api/merchants/all',
  );
  const designs = await api<{ data: { _id: string }[] }>(base, token, 'GET', '/api/designs/all');
  const stages = await api<{ data: { _id: string }[] }>(
    base,
    token,
    'GET',
    '/api/production/stages',
  );
  const boardStageId = stages.data[1]?._id;
  const orderId = firstPage.data[3]?._id ?? firstPage.data[0]?._id;
  const merchantId = merchants.data[0]?._id;
  const [design1, design2] = designs.data;
  if (!orderId || !merchantId || !design1 || !design2 || !boardStageId)
    throw new Error('dataset has no orders, merchants, designs or production stages');
  const deepPage = Math.max(1, Math.min(5000, firstPage.totalPages));
  const today = new Date();
  const billable = await unbilledOrders(base, token, BILL_POOL);
  const [firstBillable, ...otherBillable] = billable;
  if (!firstBillable) throw new Error('dataset has no completed order without a bill');
  const floorSpare = Math.min(FLOOR_SPARE, Math.floor(otherBillable.length / 3));
  const billBody = (order: UnbilledOrder) => ({
    merchantId: order.merchantId,
    orderIds: [order._id],
    billDate: isoDay(today),
  });
  const yearAgo = new Date(today.getTime() - 365 * 86_400_000);
  // Before the oldest generated order, whatever the size's years.
  const firstDay = new Date(Date.UTC(2000, 0, 1));
  const range = `startDate=${isoDay(yearAgo)}&endDate=${isoDay(today)}`;
  return {
    deepPage,
    endpoints: [
      {
        // What every signed-in request pays before any work (HTTP, session lookup, envelope):
        // the floor of the concurrency figures below.
        name: 'signed-in baseline (/auth/me)',
        method: 'GET',
        path: '/api/auth/me',
      },
      { name: 'orders list, page 1', method: 'GET', path: '/api/orders?page=1&limit=10' },
      {
        name: 'orders list, status + date filter',
        method: 'GET',
        path: `/api/orders?status=completed&${range}&page=1&limit=10`,
      },
      {
        name: `orders list, page ${deepPage}`,
        method: 'GET',
        path: `/api/orders?page=${deepPage}&limit=10`,
      },
      { name: 'order detail', method: 'GET', path: `/api/orders/${orderId}` },
      {
        // One column of the tasks board: a stage's open cards, soonest due first.
        name: 'tasks board, one stage',
        method: 'GET',
        path: `/api/job-cards?stageId=${boardStageId}&isDone=false&sort=dueDate&page=1&limit=20`,
      },
      {
        name: 'order create',
        method: 'POST',
        path: '/api/orders',
        body: {
          merchantId,
          poNumber: 'PO-BENCH',
          orderDate: isoDay(today),
          designs: [
            { designId: design1._id, quantity: 25, rate: 140 },
            { designId: design2._id, quantity: 10, rate: 95.5 },
          ],
        },
      },
      {
        name: 'analytics, month over a year',
        method: 'GET',
        path: `/api/reports/orders?groupBy=month&${range}`,
      },
      {
        name: 'analytics, merchant all time',
        method: 'GET',
        path: '/api/reports/orders?groupBy=merchant',
      },
      {
        name: 'expense monthly summary',
        method: 'GET',
        path: `/api/expenses/summary/monthly?year=${today.getUTCFullYear() - 1}`,
      },
      { name: 'salary summary', method: 'GET', path: '/api/worker-salaries/summary' },
      { name: 'merchants pick list', method: 'GET', path: '/api/merchants/all' },
      {
        // Numbering takes a per-organization lock, so at 32 connections requests queue on it.
        name: 'bill create, one order',
        method: 'POST',
        path: '/api/bills',
        body: billBody(firstBillable),
        consumable: {
          bodies: otherBillable.slice(floorSpare).map(billBody),
          replaced: firstBillable._id,
          replacements: otherBillable.slice(0, floorSpare).map((order) => order._id),
        },
      },
      { name: 'bill register, page 1', method: 'GET', path: '/api/bills?page=1&limit=10' },
      {
        name: 'bill register, overdue of a merchant',
        method: 'GET',
        path: `/api/bills?merchantId=${merchantId}&isOverdue=true&page=1&limit=10`,
      },
      {
        name: 'bill register CSV, a year',
        method: 'GET',
        path: `/api/bills/export.csv?${range}`,
      },
      { name: 'dues report, today', method: 'GET', path: '/api/reports/dues' },
      {
        name: 'merchant statement, 5 years',
        method: 'GET',
        path: `/api/merchants/${merchantId}/statement?startDate=${isoDay(firstDay)}&endDate=${isoDay(today)}`,
      },
    ],
  };
}

/**
 * Waits until the server has worked off what a load run left queued: requests the load generator
 * gave up on still run to the end. A health check goes through the same database queue, so three
 * quick answers in a row mean the queue is empty.
 */
async function waitUntilDrained(base: string) {
  const deadline = Date.now() + 10 * 60_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${base}/api/health`).then((response) => response.arrayBuffer());
    quick = performance.now() - started < 50 ? quick + 1 : 0;
    if (quick < 3) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every `_id` in a write's response: the record and its lines, created by that request. */
function createdIds(response: unknown): string[] {
  const record = response as {
    _id?: string;
    designs?: { _id?: string }[];
    lines?: { _id?: string }[];
    number?: string;
  };
  return [
    record._id,
    // A bill's number is unique in its organization: a replay must not repeat it.
    record.number,
    ...(record.designs ?? []).map((line) => line._id),
    ...(record.lines ?? []).map((line) => line._id),
  ].filter((id): id is string => typeof id === 'string');
}

async function load(
  base: string,
  token: string,
  endpoint: Endpoint,
  connections: number,
  seconds: number,
  bodies: unknown[] | null,
) {
  const result = await autocannon({
    url: `${base}${endpoint.path}`,
    method: endpoint.method,
    // A small dataset may have fewer unused bodies than connections (autocannon refuses that).
    connections: bodies ? Math.max(1, Math.min(connections, bodies.length)) : connections,
    duration: seconds,
    timeout: 30,
    headers: {
      authorization: `Bearer ${token}`,
      ...(endpoint.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(endpoint.body === undefined ? {} : { body: JSON.stringify(endpoint.body) }),
    ...(bodies
      ? {
          amount: bodies.length,
          requests: [
            {
              method: endpoint.method,
              path: endpoint.path,
              setupRequest: (request) => ({ ...request, body: JSON.stringify(bodies.shift()) }),
            },
          ],
        }
      : {}),
  });
  return {
    connections,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  } satisfies LoadFigures;
}

export async function benchBackend(
  backend: Backend,
  options: BenchOptions,
  log: (line: string) => void,
  cleanups: (() => Promise<void> | void)[],
): Promise<BackendResult> {
  let cluster: PostgresCluster | null = null;
  let dataDir: string | undefined;
  if (backend === 'postgres') {
    log('starting a throwaway PostgreSQL cluster');
    cluster = await startPostgres();
    const started = cluster;
    cleanups.push(() => started.stop());
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'karkhana-bench-embedded-'));
    const created = dataDir;
    cleanups.push(() => rmSync(created, { recursive: true, force: true }));
  }

  log(`generating data (${options.size.name}) and starting the server on ${backend}`);
  const child = new ServerChild(
    {
      backend,
      ...(cluster ? { databaseUrl: cluster.databaseUrl } : {}),
      ...(dataDir ? { dataDir } : {}),
      data: { kind: 'generated', size: options.size },
      staticDir: null,
    },
    cluster?.dataDir ?? null,
  );
  cleanups.push(() => child.stop());
  const ready = await child.next('ready');
  const base = `http://127.0.0.1:${ready.port}`;
  log(
    `${ready.databaseVersion}; data generated in ${ready.generationSeconds?.toFixed(1)} s: ${JSON.stringify(ready.rows)}`,
  );
  const memory: ServerMemory[] = [];
  const snapshot = (moment: string) => {
    const figures = child.memory(moment);
    if (!figures) return;
    memory.push(figures);
    log(`${backend} memory ${describeMemory(figures)}`);
  };
  snapshot('after data generation');

  const session = (await signIn(base, BENCH_EMAIL, BENCH_PASSWORD)) as {
    token: { accessToken: string };
  };
  const token = session.token.accessToken;
  const { endpoints: all } = await endpointsFor(base, token);
  const endpoints = options.only
    ? all.filter((endpoint) =>
        options.only?.some((part) => endpoint.name.toLowerCase().includes(part)),
      )
    : all;
  const results: EndpointResult[] = [];
  for (const endpoint of endpoints) {
    const problems: string[] = [];
    child.send({ type: 'capture-start' });
    await child.next('capturing');
    const response = await api<unknown>(base, token, endpoint.method, endpoint.path, endpoint.body);
    child.send({ type: 'capture-stop', label: endpoint.name });
    const captured = await child.next('captured');
    const write = endpoint.method !== 'GET';
    child.send({
      type: 'floor',
      label: endpoint.name,
      runs: options.size.floorRuns,
      write,
      createdIds: write ? createdIds(response) : [],
      ...(endpoint.consumable
        ? {
            replace: {
              value: endpoint.consumable.replaced,
              with: endpoint.consumable.replacements,
            },
          }
        : {}),
    });
    const floorRun = await child.next('floor-result');
    let plans: string[] = [];
    if (options.explain && !write) {
      child.send({ type: 'explain', label: endpoint.name });
      plans = (await child.next('plans')).plans;
    }
    const floor = {
      p50: percentile(floorRun.millis, 0.5),
      p99: percentile(floorRun.millis, 0.99),
      runs: floorRun.millis.length,
    };
    const figures: LoadFigures[] = [];
    const unused = endpoint.consumable ? [...endpoint.consumable.bodies] : null;
    for (const [index, connections] of options.connections.entries()) {
      // Each connection count gets an equal share of what is left, capped at what the run's
      // seconds would take at a generous rate, so a fast server does not run dry mid-run.
      const share = unused
        ? unused.splice(
            0,
            Math.min(
              Math.floor(unused.length / (options.connections.length - index)),
              WRITE_RATE_CAP * options.size.duration,
            ),
          )
        : null;
      const measured = await load(base, token, endpoint, connections, options.size.duration, share);
      if (measured.requests === 0)
        problems.push(`no request completed at ${connections} connections`);
      if (measured.non2xx > 0 || measured.errors > 0) {
        problems.push(
          `${measured.non2xx} non-2xx and ${measured.errors} failed requests at ${connections} connections`,
        );
      }
      figures.push(measured);
      await waitUntilDrained(base);
    }
    const single = figures.find((figure) => figure.connections === 1) ?? figures[0];
    const result: EndpointResult = {
      name: endpoint.name,
      method: endpoint.method,
      path: endpoint.path,
      statements: captured.statements.length,
      sql: captured.statements,
      plans,
      authStatements: captured.authStatements,
      floor,
      load: figures,
      apiToSqlRatio:
        single && floor.p50 > 0 && captured.statements.length > 0 ? single.p50 / floor.p50 : null,
      problems,
    };
    results.push(result);
    log(
      `${backend} ${endpoint.name}: ${figures
        .map(
          (f) =>
            `c${f.connections} p50 ${f.p50} ms p99 ${f.p99} ms ${f.requestsPerSecond.toFixed(0)} req/s`,
        )
        .join(
          '; ',
        )}; SQL p50 ${floor.p50.toFixed(2)} ms (${captured.statements.length} statements)` +
        (problems.length > 0 ? ` PROBLEMS: ${problems.join('; ')}` : ''),
    );
  }

  snapshot('after load');
  await child.stop();
  cluster?.stop();
  return {
    backend,
    databaseVersion: ready.databaseVersion,
    memory,
    generationSeconds: ready.generationSeconds,
    rows: ready.rows,
    endpoints: results,
  };
}
