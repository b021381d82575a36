/// <reference types="vite/client" />
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROLES,
  can,
  type Permission,
  type Role,
  type RouteAccess,
} from '../contract/permissions.ts';
import { eq } from 'drizzle-orm';
import { users as usersTable } from './db/platform-tables.ts';
import { FORBIDDEN_MESSAGE } from './lib/http-errors.ts';
import { casesOf, type AreaTestCases } from './test/area-test-cases.ts';
import { createTestApp, type TestApp, type TestUser } from './test/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every documented API operation with what contract/permissions.ts grants it: each module's rows
 * are written out in its own `test-cases.ts`, rather than read from the routes, so a route
 * declaring the wrong permission fails.
 */
const rowsByModule = casesOf(
  import.meta.glob<AreaTestCases>('./modules/*/test-cases.ts', { eager: true }),
  'routeAccess',
);
const EXPECTED: Record<string, RouteAccess> = Object.fromEntries(
  rowsByModule.flatMap(([, rows]) => Object.entries(rows)),
);

const WRITES = new Set<Method>(['POST', 'PUT', 'PATCH']);

let t: TestApp;
let users: Record<Role, TestUser>;
let documented: string[];

function parse(operation: string): { method: Method; url: string } {
  const [method, path] = operation.split(' ') as [Method, string];
  return { method, url: path.replace(/\{\w+\}/g, () => randomUUID()) };
}

function call(user: TestUser, operation: string) {
  const { method, url } = parse(operation);
  return t.send(user, method, url, WRITES.has(method) ? {} : undefined);
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.registerUser();
  users = { owner, admin: await t.addUser(owner, 'admin'), staff: await t.addUser(owner, 'staff') };
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  documented = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(() => t.close());

it('lists every documented operation, and nothing else', () => {
  expect([...documented].sort()).toEqual(Object.keys(EXPECTED).sort());
});

it('gives each operation in one module only', () => {
  const modulesOf = new Map<string, string[]>();
  for (const [module, rows] of rowsByModule)
    for (const operation of Object.keys(rows))
      modulesOf.set(operation, [...(modulesOf.get(operation) ?? []), module]);
  expect([...modulesOf].filter(([, modules]) => modules.length > 1)).toEqual([]);
});

const guarded = Object.entries(EXPECTED).filter(
  (entry): entry is [string, Permission] => entry[1] !== 'public' && entry[1] !== 'signedIn',
);

describe.each(ROLES)('as %s', (role) => {
  it.each(guarded)('%s (%s) is 403 exactly when the matrix refuses it', async (operation, what) => {
    const response = await call(users[role], operation);
    if (can(role, what)) {
      expect(response.statusCode, response.body).not.toBe(403);
    } else {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'forbidden',
        message: FORBIDDEN_MESSAGE,
      });
    }
  });

  it('is never refused on the routes open to anyone signed in or to anyone at all', async () => {
    const own = await t.addUser(users.owner, role);
    // Sign-outs last: they end the session the others use.
    const signsOut = (operation: string) => /\/logout(-all)?$/.test(operation);
    const open = Object.keys(EXPECTED)
      .filter((operation) => EXPECTED[operation] === 'public' || EXPECTED[operation] === 'signedIn')
      .sort((a, b) => Number(signsOut(a)) - Number(signsOut(b)));
    for (const operation of open) {
      const response = await call(own, operation);
      expect(response.statusCode, `${operation}: ${response.body}`).not.toBe(403);
    }
    const me = await t.send(users[role], 'GET', '/api/auth/me');
    expect(me.json()).toMatchObject({ data: { user: { role } } });
  });
});

it('refuses a cookie-authenticated staff write the matrix forbids with forbidden, not csrf', async () => {
  const response = await t.app.inject({
    method: 'DELETE',
    url: `/api/merchants/${randomUUID()}`,
    headers: users.staff.cookieHeaders,
  });
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ code: 'forbidden', message: FORBIDDEN_MESSAGE });
});

it('lets staff create a merchant and an admin delete it', async () => {
  const created = await t.send(users.staff, 'POST', '/api/merchants', { name: 'Staff Silk' });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ data: { _id: string } }>().data._id;
  expect((await t.send(users.staff, 'DELETE', `/api/merchants/${id}`)).statusCode).toBe(403);
  const removed = await t.send(users.admin, 'DELETE', `/api/merchants/${id}`);
  expect(removed.statusCode, removed.body).toBe(200);
});

describe('while a temporary password is in use', () => {
  const allowed = new Set(['GET /api/auth/me', 'POST /api/auth/change-password']);
  const gated = Object.keys(EXPECTED).filter(
    (operation) => EXPECTED[operation] !== 'public' && !allowed.has(operation),
  );

  it.each(ROLES)(
    'refuses every other signed-in call of %s with password_change_required',
    async (role) => {
      const user = await t.addUser(users.owner, role);
      await t.database.handle.db
        .update(usersTable)
        .set({ mustChangePassword: true })
        .where(eq(usersTable.id, user.auth.user._id));
      for (const operation of gated) {
        const response = await call(user, operation);
        expect(response.statusCode, `${operation}: ${response.body}`).toBe(403);
        expect(response.json(), operation).toMatchObject({ code: 'password_change_required' });
      }
      for (const operation of allowed) {
        const response = await call(user, operation);
        expect(response.statusCode, `${operation}: ${response.body}`).not.toBe(403);
      }
      expect((await t.send(user, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    },
  );
});
