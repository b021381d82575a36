// Measures each endpoint of bench-endpoints.ts on one backend: its SQL floor (the statements
// replayed in the server child) and its latency under load at each connection count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { api, signIn } from './api-call.ts';
import { endpointsFor, type Endpoint } from './bench-endpoints.ts';
import type { Backend, BenchOptions } from './config.ts';
import {
  DOWNLOAD_TIMEOUT_SECONDS,
  downloadFigures,
  downloadsAt,
  type DownloadFigures,
} from './download-load.ts';
import { BENCH_EMAIL, BENCH_PASSWORD } from './generate-data.ts';
import { startPostgres, type PostgresCluster } from './postgres-cluster.ts';
import type { ServerCpu } from './process-cpu.ts';
import { describeMemory, type ServerMemory } from './process-memory.ts';
import { ServerChild } from './server-child.ts';

export interface LoadFigures {
  connections: number;
  p50: number;
  p99: number;
  requestsPerSecond: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** For a download: a fixed number of whole downloads instead of a window. */
  downloads?: DownloadFigures;
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

/** Bill creations a load run may make per second of its duration, at most. */
const WRITE_RATE_CAP = 300;

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

/**
 * A fixed number of whole downloads at `connections`: p50 and p99 of those that finished, and
 * requests/s as finished downloads per second of the run.
 */
async function loadDownloads(
  base: string,
  token: string,
  endpoint: Endpoint,
  connections: number,
  cpu: () => ServerCpu | null,
): Promise<LoadFigures> {
  const attempted = downloadsAt(connections);
  const cpuBefore = cpu();
  const started = performance.now();
  const result = await autocannon({
    url: `${base}${endpoint.path}`,
    method: endpoint.method,
    connections,
    amount: attempted,
    timeout: DOWNLOAD_TIMEOUT_SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  const seconds = (performance.now() - started) / 1000;
  const downloads = downloadFigures(attempted, result, seconds, {
    before: cpuBefore,
    after: cpu(),
  });
  return {
    connections,
    p50: downloads.finished > 0 ? result.latency.p50 : Number.NaN,
    p99: downloads.finished > 0 ? result.latency.p99 : Number.NaN,
    requestsPerSecond: downloads.finished / downloads.seconds,
    requests: downloads.finished,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    downloads,
  };
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
      const measured: LoadFigures = endpoint.download
        ? await loadDownloads(base, token, endpoint, connections, () => child.cpu())
        : await load(base, token, endpoint, connections, options.size.duration, share);
      if (measured.requests === 0)
        problems.push(`no request completed at ${connections} connections`);
      if (measured.downloads && measured.downloads.failed > 0) {
        problems.push(
          `${measured.downloads.failed} of ${measured.downloads.attempted} downloads did not finish at ${connections} connections`,
        );
      }
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
            `c${f.connections} p50 ${f.p50} ms p99 ${f.p99} ms ${f.requestsPerSecond.toFixed(0)} req/s` +
            (f.downloads
              ? ` (${f.downloads.finished} of ${f.downloads.attempted} downloads in ${f.downloads.seconds.toFixed(1)} s, ${f.downloads.bytesEach ?? 0} bytes each, CPU each ${f.downloads.cpuEach ? `${f.downloads.cpuEach.node.toFixed(0)} + ${f.downloads.cpuEach.postgres.toFixed(0)}` : '–'} ms)`
              : ''),
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
