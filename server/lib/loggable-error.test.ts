import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../test/test-app.ts';
import { loggableError } from './db-errors.ts';

const EMAIL = `kept-secret-${uuidv7()}@example.com`;
const HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0LXNhbHQ$not-a-real-hash-but-distinct';

let database: TestDatabase;
let organizationId: string;

/** A real failure of the driver, wrapped by Drizzle as the app sees it. */
async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

const insertUser = () =>
  database.handle.db.execute(
    sql`insert into users (id, organization_id, name, email, password_hash, role)
        values (${uuidv7()}, ${organizationId}, 'Kept Secret', ${EMAIL}, ${HASH}, 'owner')`,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  organizationId = uuidv7();
  await database.handle.db.execute(
    sql`insert into organizations (id, name) values (${organizationId}, 'Log test')`,
  );
  await insertUser();
});

afterAll(async () => {
  await database.drop();
});

describe('loggableError', () => {
  it('keeps the SQLSTATE, constraint and table of a unique violation, and none of its values', async () => {
    const error = await failure(insertUser);
    // The raw error carries the values twice: Drizzle's params and PostgreSQL's detail.
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).toContain(HASH);
    expect(String((error as { cause?: { detail?: string } }).cause?.detail)).toContain(EMAIL);

    const logged = loggableError(error) as Record<string, unknown>;
    const text = JSON.stringify(logged);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(HASH);
    expect(text).not.toMatch(/params|detail/);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
    });
    expect(logged.statement).toMatch(/^insert into users/);
  });

  it('cuts the value out of a data error message', async () => {
    const error = await failure(() =>
      database.handle.db.execute(sql`select ${'merchant-of-secrets'}::uuid`),
    );
    const logged = loggableError(error) as Record<string, unknown>;
    expect(JSON.stringify(logged)).not.toContain('merchant-of-secrets');
    expect(logged).toMatchObject({
      code: '22P02',
      message: 'database error: invalid input syntax for type uuid',
    });
  });

  it('leaves other errors as they are, causes included', () => {
    const error = new Error('mail server refused', { cause: new Error('550 no such user') });
    expect(loggableError(error)).toMatchObject({
      type: 'Error',
      message: 'mail server refused',
      cause: { message: '550 no such user' },
    });
  });
});

describe("the app's logger", () => {
  const lines: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(chunk.toString('utf8'));
            done();
          },
        }),
      },
      beforeReady: (app) => {
        // A route whose statement fails with values in it, as any bug could.
        app.get('/api/test/failing-insert', { config: { permission: 'public' } }, async () =>
          app.db.execute(
            sql`insert into organizations (id, name) values (${'not-a-uuid'}, ${HASH})`,
          ),
        );
      },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it('logs a failed statement by its code and table, without the values', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/failing-insert' });
    expect(response.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('"code":"22P02"');
    expect(log).not.toContain(HASH);
    expect(log).not.toContain('not-a-uuid');
  });
});
