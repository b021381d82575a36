// Sustained load with autocannon: list reads mixed with creates, each create with a fresh
// Idempotency-Key. Expectation: no connection errors, no timeouts, every answer 2xx.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { call, createRecords, register, validBody } from './api.ts';
import { Failures, type ScenarioContext, type ScenarioResult } from './scenario.ts';
import { freshDataDir, startServer, tearDown } from './server.ts';

interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: LoadRequest) => LoadRequest;
  onResponse?: (status: number) => void;
}

interface LoadResult {
  latency: { p50: number; p99: number; max: number };
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats?: Record<string, { count: number }>;
}

// The package ships no types and bench/ already declares the module with a narrower shape.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: LoadRequest[];
}) => Promise<LoadResult>;

export async function run(context: ScenarioContext): Promise<ScenarioResult> {
  const started = Date.now();
  const failures = new Failures();
  const connections = context.smoke ? 10 : 50;
  const duration = context.smoke ? 5 : 30;
  const dataDir = freshDataDir('load');
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let result: LoadResult | null = null;
  let stored = 0;
  try {
    server = await startServer(dataDir);
    const { token } = await register(server.baseUrl, 'load');
    const ids = await createRecords(server.baseUrl, token, 'load', 5);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    let confirmedCreates = 0;
    const countCreate = (status: number) => {
      if (status >= 200 && status < 300) confirmedCreates += 1;
    };
    const freshKey = (request: LoadRequest): LoadRequest => ({
      ...request,
      headers: { ...request.headers, 'idempotency-key': randomUUID() },
    });
    const countBefore = async (resource: string) =>
      Number(
        (
          (await call(server!.baseUrl, 'GET', `/api/${resource}?limit=1`, { token })).json as {
            data?: { totalCount?: number };
          }
        )?.data?.totalCount ?? 0,
      );
    /** A create with a fresh idempotency key each time, so each one stores a record. */
    const create = (resource: 'merchants' | 'expenses'): LoadRequest => ({
      method: 'POST',
      path: `/api/${resource}`,
      headers,
      body: JSON.stringify(validBody(resource, ids, 'load')),
      setupRequest: freshKey,
      onResponse: countCreate,
    });
    const merchantsBefore = await countBefore('merchants');
    const expensesBefore = await countBefore('expenses');
    result = await autocannon({
      url: server.baseUrl,
      connections,
      duration,
      timeout: 30,
      requests: [
        { method: 'GET', path: '/api/merchants?limit=20', headers },
        create('merchants'),
        { method: 'GET', path: '/api/orders?limit=20', headers },
        create('expenses'),
        { method: 'GET', path: '/api/expenses?limit=20&sort=-expenseDate', headers },
      ],
    });
    stored =
      (await countBefore('merchants')) -
      merchantsBefore +
      (await countBefore('expenses')) -
      expensesBefore;
    // Requests still in flight when the run ended may have been stored without being counted.
    if (stored < confirmedCreates)
      failures.add(
        'lost creates',
        `${confirmedCreates} creates answered 2xx but ${stored} records were stored`,
      );
    if (result.errors > 0) failures.add('errors', `${result.errors} connection errors`);
    if (result.timeouts > 0) failures.add('timeouts', `${result.timeouts} timeouts`);
    if (result.non2xx > 0)
      failures.add(
        'non-2xx',
        `${result.non2xx} answers were not 2xx: ${JSON.stringify(result.statusCodeStats ?? {})}`,
      );
    context.log(
      `${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${stored} records created`,
    );
  } catch (error) {
    failures.addHarnessError(error);
  } finally {
    await tearDown([server], dataDir, failures);
  }
  return {
    name: 'load',
    status: failures.count() === 0 ? 'passed' : 'failed',
    summary: result
      ? `${connections} connections for ${duration} s: ${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx, ${stored} records created`
      : `${connections} connections for ${duration} s: did not run`,
    counts: result
      ? {
          requests: result.requests.total,
          requestsPerSecond: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors,
          non2xx: result.non2xx,
        }
      : {},
    failures: failures.all(),
    seconds: (Date.now() - started) / 1000,
  };
}
