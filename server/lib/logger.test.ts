import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import type { LogFormat } from '../config.ts';
import { loggerOptions } from './logger.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** The lines an app logs for one GET /api/health, built as the server builds it. */
async function linesFor(format: LogFormat): Promise<string[]> {
  let output = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString('utf8');
      done();
    },
  });
  const app = await buildApp({
    db: database.handle.db,
    staticDir: null,
    rateLimitPerMinute: 0,
    logger: loggerOptions({ level: 'info', format, destination, colorize: false }),
    oneLinePerRequest: format === 'pretty',
  });
  try {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    app.log.info({ migrations: ['0001'] }, 'database migrated');
  } finally {
    await app.close();
  }
  return output.split('\n').filter(Boolean);
}

describe('logger', () => {
  it('writes one readable line per request for people', async () => {
    const lines = await linesFor('pretty');
    const requestLines = lines.filter((line) => line.includes('/api/health'));
    expect(requestLines).toHaveLength(1);
    const [line] = requestLines;
    expect(line).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: request completed GET \/api\/health 200 \d+ ms$/,
    );
    expect(line).not.toMatch(/[{}"]/);
    expect(lines.some((entry) => entry.includes('INFO: database migrated'))).toBe(true);
  });

  it('writes JSON lines for log collectors', async () => {
    const entries = (await linesFor('json')).map(
      (line) => JSON.parse(line) as Record<string, unknown>,
    );
    const completed = entries.find((entry) => entry.msg === 'request completed');
    expect(completed).toMatchObject({
      level: 30,
      res: { statusCode: 200 },
      responseTime: expect.any(Number) as unknown,
    });
    expect(entries.find((entry) => entry.msg === 'incoming request')).toMatchObject({
      req: { method: 'GET', url: '/api/health' },
    });
  });
});
