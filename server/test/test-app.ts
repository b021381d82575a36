import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type AuthData,
  type Language,
} from '../../contract/auth.ts';
import type { Role } from '../../contract/permissions.ts';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { xsrfTokenFor } from '../lib/session-cookies.ts';
import { recordResponses } from './response-log.ts';
import { unscopedTenantTables } from '../db/tenant-guard.ts';
import { users } from '../db/platform-tables.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createSession } from '../modules/auth/sessions.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Connection string of the throwaway PostgreSQL database. */
  url: string;
  drop(): Promise<void>;
}

/** Another file creating its database from the same template at this moment. */
const TEMPLATE_IN_USE = '55006';

/**
 * A fresh database for one test file on the run's PostgreSQL (server/test/global-setup.ts: an
 * embedded one, or the server named by TEST_DATABASE_URL), so files can run in parallel. Migrated
 * unless asked not to: a copy of the run's migrated template when there is one.
 */
export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const baseUrl = inject('testDatabaseUrl');
  const template = inject('testTemplateDatabase');
  const shouldMigrate = options.migrate ?? true;
  const copyTemplate = shouldMigrate && template !== null;
  const name = `karkhana_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(
          copyTemplate ? `create database ${name} template ${template}` : `create database ${name}`,
        );
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== TEMPLATE_IN_USE || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
      }
    }
  } finally {
    await admin.end();
  }
  const target = new URL(baseUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  const handle = await openDatabase({ databaseUrl: url, maxConnections: 5 });
  if (shouldMigrate && !copyTemplate) await migrate(handle.db);
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestUser {
  auth: AuthData;
  token: string;
  /** `Authorization: Bearer ...` */
  bearer: Record<string, string>;
  /** Cookie header carrying the session cookie and an XSRF token, plus the matching CSRF header. */
  cookieHeaders: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** Registers a new organization with its owner and returns ways to authenticate as them. */
  registerUser(
    overrides?: Partial<{
      organizationName: string;
      name: string;
      email: string;
      password: string;
      language: Language;
    }>,
  ): Promise<TestUser>;
  /** A new user of `role` in `owner`'s organization, signed in (sign-up only makes owners). */
  addUser(owner: TestUser, role: Role): Promise<TestUser>;
  /** One request as `user` (bearer token), or anonymous with null. */
  send(
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A loose view of any envelope, for assertions on error bodies and ids. */
export interface TestBody {
  success: boolean;
  message: string;
  errors: { path: string; message: string }[];
  data: {
    _id: string;
    name: string;
    data: { _id: string; name: string }[];
    organization: { name: string };
    token: { accessToken: string };
  };
}

export const TEST_PASSWORD = 'correct horse battery';

/** A failure's field errors as path -> English message. */
export function errorsByPath(body: TestBody) {
  return Object.fromEntries(body.errors.map((error) => [error.path, error.message]));
}

export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

export function testUserFromAuth(auth: AuthData): TestUser {
  const token = auth.token.accessToken;
  const xsrf = xsrfTokenFor(token);
  return {
    auth,
    token,
    bearer: { authorization: `Bearer ${token}` },
    cookieHeaders: { cookie: `accessToken=${token}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
  };
}

export interface CreateTestAppOptions extends Partial<BuildAppOptions> {
  /** Adds routes or hooks before the app is sealed (e.g. a route that fails on purpose). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const { beforeReady, ...buildOptions } = options;
  const database = await createTestDatabase();
  // The app runs on an observed connection; test code keeps the plain one for its own checks.
  const unscoped: string[] = [];
  const appDb = database.handle.observed((statement) => {
    const tables = unscopedTenantTables(statement);
    if (tables.length > 0) unscoped.push(`${tables.join(', ')}: ${statement}`);
  });
  const app = await buildApp({
    db: appDb,
    staticDir: null,
    rateLimitPerMinute: 0,
    ...buildOptions,
  });
  recordResponses(app);
  await beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    async registerUser(overrides = {}) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          organizationName: `Org ${randomUUID().slice(0, 8)}`,
          name: 'Test Owner',
          email: `owner-${randomUUID()}@example.com`,
          password: TEST_PASSWORD,
          ...overrides,
        },
      });
      if (response.statusCode !== 201) {
        throw new Error(`register failed: ${response.statusCode} ${response.body}`);
      }
      return testUserFromAuth(response.json<{ data: AuthData }>().data);
    },
    async addUser(owner, role) {
      const organizationId = owner.auth.user.organizationId;
      const user = {
        id: randomUUID(),
        organizationId,
        name: `Test ${role}`,
        email: `${role}-${randomUUID()}@example.com`,
        role,
      };
      await database.handle.db
        .insert(users)
        .values({ ...user, passwordHash: await hashPassword(TEST_PASSWORD) });
      const session = await createSession(database.handle.db, user.id, organizationId, app.clock());
      return testUserFromAuth({
        user: {
          _id: user.id,
          name: user.name,
          email: user.email,
          organizationId,
          role,
          mustChangePassword: false,
          phone: null,
          language: 'en',
          notifications: DEFAULT_NOTIFICATION_PREFERENCES,
        },
        organization: owner.auth.organization,
        token: { accessToken: session.accessToken, expiresAt: session.expiresAt.toISOString() },
      });
    },
    send(user, method, url, payload) {
      return app.inject({
        method,
        url,
        headers: user?.bearer ?? {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
    async close() {
      await app.close();
      await database.drop();
      if (unscoped.length > 0) {
        throw new Error(
          `The app queried tenant tables without organization_id (server/db/tenant-guard.ts):\n${[
            ...new Set(unscoped),
          ].join('\n')}`,
        );
      }
    },
  };
}
