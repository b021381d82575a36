import { describe, expect, it } from 'vitest';
import type { BackendResult, EndpointResult, LoadFigures } from './api-bench.ts';
import { downloadFigures, downloadsAt } from './download-load.ts';
import { statCpuSeconds } from './process-cpu.ts';
import { downloadTable } from './report.ts';

const endpoint = (name: string, load: LoadFigures[]): EndpointResult => ({
  name,
  method: 'GET',
  path: '/x',
  statements: 1,
  authStatements: 1,
  sql: [],
  plans: [],
  floor: { p50: 1, p99: 1, runs: 1 },
  load,
  apiToSqlRatio: null,
  problems: [],
});

const backend = (endpoints: EndpointResult[]): BackendResult => ({
  backend: 'postgres',
  databaseVersion: 'PostgreSQL 15',
  memory: [],
  generationSeconds: null,
  rows: {},
  endpoints,
});

describe('downloads', () => {
  it('asks for two downloads a connection, and enough at one connection for a median', () => {
    expect(downloadsAt(1)).toBe(10);
    expect(downloadsAt(32)).toBe(64);
  });

  it('counts every download that did not end with a 2xx as failed, a cut one included', () => {
    // 64 asked for: 60 answered 2xx, 1 answered 500, 3 were cut or timed out (no answer at all).
    const figures = downloadFigures(64, { '2xx': 60, throughput: { total: 60 * 1_500_000 } }, 12.5);
    expect(figures).toEqual({
      attempted: 64,
      finished: 60,
      failed: 4,
      bytesEach: 1_500_000,
      seconds: 12.5,
      cpuEach: null,
    });
    expect(downloadFigures(64, { '2xx': 0, throughput: { total: 0 } }, 300)).toMatchObject({
      finished: 0,
      failed: 64,
      bytesEach: null,
    });
  });

  it("shares the server's CPU time over the downloads that finished", () => {
    const cpu = {
      before: { nodeSeconds: 10, postgresSeconds: 100 },
      after: { nodeSeconds: 13, postgresSeconds: 106 },
    };
    expect(downloadFigures(64, { '2xx': 60, throughput: { total: 1 } }, 12.5, cpu).cpuEach).toEqual(
      { node: 50, postgres: 100 },
    );
    expect(
      downloadFigures(64, { '2xx': 0, throughput: { total: 0 } }, 12.5, cpu).cpuEach,
    ).toBeNull();
  });

  it("reads a process's CPU time from its /proc stat line, a name with spaces included", () => {
    const fields = 'S 1 2 3 4 5 6 7 8 9 10 250 50 1000 500 20 0 1';
    const stat = `4242 (postgres: bench (idle)) ${fields}`;
    expect(statCpuSeconds(stat)).toBe(3);
    // A postmaster's exited backends count too.
    expect(statCpuSeconds(stat, true)).toBe(18);
  });

  it('tables how many downloads finished at each connection count', () => {
    const downloads = (finished: number, attempted: number) => ({
      attempted,
      finished,
      failed: attempted - finished,
      bytesEach: finished > 0 ? 2048 : null,
      seconds: 4,
      cpuEach: finished > 0 ? { node: 40.4, postgres: 12.6 } : null,
    });
    const figures = (connections: number, finished: number, attempted: number): LoadFigures => ({
      connections,
      p50: finished > 0 ? 350 : Number.NaN,
      p99: finished > 0 ? 420 : Number.NaN,
      requestsPerSecond: finished / 4,
      requests: finished,
      non2xx: 0,
      errors: attempted - finished,
      downloads: downloads(finished, attempted),
    });
    const lines = downloadTable(
      backend([
        endpoint('orders list', [
          {
            connections: 1,
            p50: 3,
            p99: 5,
            requestsPerSecond: 300,
            requests: 900,
            non2xx: 0,
            errors: 0,
          },
        ]),
        endpoint('register CSV', [figures(1, 10, 10), figures(32, 0, 64)]),
      ]),
    );
    expect(lines.slice(0, 4)).toEqual([
      '| download | connections | finished | failed | p50 | p99 | KB each | seconds | CPU ms each, Node + PostgreSQL |',
      '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
      '| register CSV | 1 | 10 of 10 | 0 | 350.0 | 420.0 | 2.0 | 4.0 | 40 + 13 |',
      '| register CSV | 32 | 0 of 64 | 64 | – | – | – | 4.0 | – |',
    ]);
    expect(downloadTable(backend([endpoint('orders list', [])]))).toEqual([]);
  });
});
