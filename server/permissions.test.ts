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
import { createTestApp, type TestApp, type TestUser } from './test/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every documented API operation with what contract/permissions.ts grants it, written out
 * here rather than read from the routes, so a route declaring the wrong permission fails.
 */
const EXPECTED: Record<string, RouteAccess> = {
  'GET /api/health': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/register/confirm': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/me': 'signedIn',
  'PUT /api/auth/me': 'signedIn',
  'POST /api/auth/change-password': 'signedIn',
  'GET /api/auth/sessions': 'signedIn',
  'DELETE /api/auth/sessions/{id}': 'signedIn',
  'POST /api/auth/logout-all': 'signedIn',

  'GET /api/auth/options': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/verify-code': 'public',
  'POST /api/auth/reset-password': 'public',

  'GET /api/organization': 'organization.read',
  'PUT /api/organization': 'organization.write',
  'GET /api/setup-checklist': 'setup.read',
  'POST /api/setup-checklist/dismiss': 'setup.write',
  'GET /api/sample-workshop': 'setup.read',
  'POST /api/sample-workshop/open': 'setup.write',
  'DELETE /api/sample-workshop': 'setup.write',
  'POST /api/sample-workshop/session': 'public',

  'POST /api/apps/test-mail': 'organization.write',

  'GET /api/orders': 'orders.read',
  'GET /api/orders/export.csv': 'orders.read',
  'GET /api/orders/{id}': 'orders.read',
  'POST /api/orders': 'orders.write',
  'PUT /api/orders/{id}': 'orders.write',
  'PUT /api/orders/{id}/status': 'orders.write',
  'DELETE /api/orders/{id}': 'orders.delete',

  'GET /api/merchants': 'merchants.read',
  'GET /api/merchants/all': 'merchants.read',
  'GET /api/merchants/export.csv': 'merchants.read',
  'POST /api/merchants/import': 'backup.import',
  'GET /api/merchants/{id}': 'merchants.read',
  'POST /api/merchants': 'merchants.write',
  'PUT /api/merchants/{id}': 'merchants.write',
  'DELETE /api/merchants/{id}': 'merchants.delete',

  'GET /api/designs': 'designs.read',
  'GET /api/designs/all': 'designs.read',
  'GET /api/designs/export.csv': 'designs.read',
  'POST /api/designs/import': 'backup.import',
  'GET /api/designs/{id}': 'designs.read',
  'POST /api/designs': 'designs.write',
  'PUT /api/designs/{id}': 'designs.write',
  'DELETE /api/designs/{id}': 'designs.delete',

  'GET /api/workers': 'workers.read',
  'GET /api/workers/all': 'workers.read',
  'GET /api/workers/export.csv': 'workers.read',
  'POST /api/workers/import': 'backup.import',
  'GET /api/workers/{id}': 'workers.read',
  'POST /api/workers': 'workers.write',
  'PUT /api/workers/{id}': 'workers.write',
  'DELETE /api/workers/{id}': 'workers.delete',

  'GET /api/worker-salaries': 'salaries.read',
  'GET /api/worker-salaries/export.csv': 'salaries.read',
  'GET /api/worker-salaries/summary': 'salaries.read',
  'GET /api/worker-salaries/{id}': 'salaries.read',
  'POST /api/worker-salaries': 'salaries.write',
  'PUT /api/worker-salaries/{id}': 'salaries.write',
  'DELETE /api/worker-salaries/{id}': 'salaries.delete',

  'GET /api/expenses': 'expenses.read',
  'GET /api/expenses/export.csv': 'expenses.read',
  'GET /api/expenses/categories': 'expenses.read',
  'GET /api/expenses/summary/monthly': 'expenses.read',
  'GET /api/expenses/{id}': 'expenses.read',
  'POST /api/expenses': 'expenses.write',
  'PUT /api/expenses/{id}': 'expenses.write',
  'DELETE /api/expenses/{id}': 'expenses.delete',

  'GET /api/bank-details': 'bankDetails.read',
  'GET /api/bank-details/export.csv': 'bankDetails.read',
  'GET /api/bank-details/all': 'bankDetails.read',
  'GET /api/bank-details/active': 'bankDetails.read',
  'GET /api/bank-details/{id}': 'bankDetails.read',
  'POST /api/bank-details': 'bankDetails.write',
  'PUT /api/bank-details/{id}': 'bankDetails.write',
  'PATCH /api/bank-details/{id}/set-active': 'bankDetails.write',
  'DELETE /api/bank-details/{id}': 'bankDetails.delete',

  'GET /api/bills': 'bills.read',
  'GET /api/bills/export.csv': 'bills.read',
  'GET /api/gst/gstr1': 'bills.read',
  'GET /api/gst/gstr1/summary': 'bills.read',
  'GET /api/backup': 'backup.download',
  'POST /api/backup/restore': 'backup.restore',
  'GET /api/bills/unbilled-orders': 'bills.read',
  'GET /api/bills/next-number': 'bills.write',
  'GET /api/bills/{id}': 'bills.read',
  'POST /api/bills': 'bills.write',
  'PUT /api/bills/{id}': 'bills.write',
  'GET /api/bill-notes': 'bills.read',
  'GET /api/bill-notes/next-number': 'bills.write',
  'GET /api/bill-notes/{id}': 'bills.read',
  'POST /api/bill-notes': 'bills.write',
  'POST /api/bill-notes/{id}/cancel': 'bills.write',
  'POST /api/bills/{id}/cancel': 'bills.write',

  'GET /api/payments': 'payments.read',
  'GET /api/payments/export.csv': 'payments.read',
  'GET /api/payments/totals': 'payments.read',
  'GET /api/payments/open-bills': 'payments.read',
  'GET /api/payments/{id}': 'payments.read',
  'POST /api/payments': 'payments.write',
  'PUT /api/payments/{id}': 'payments.write',
  'DELETE /api/payments/{id}': 'payments.write',

  'GET /api/reports/orders': 'orderAnalytics.read',
  'GET /api/reports/dues': 'dues.read',
  'GET /api/merchants/{id}/statement': 'statements.read',

  // Deleting someone else's note also needs a manager's role; the notes tests cover that part.
  'GET /api/notes': 'notes.read',
  'GET /api/notes/inbox': 'notes.read',
  'GET /api/notes/people': 'notes.read',
  'POST /api/notes': 'notes.write',
  'POST /api/notes/read': 'notes.read',
  'DELETE /api/notes/{id}': 'notes.delete',

  // Touching an owner or admin also needs users.manageAdmins; the users tests cover that part.
  'GET /api/users': 'users.read',
  'GET /api/users/export.csv': 'users.read',
  'GET /api/users/all': 'users.read',
  'GET /api/users/{id}': 'users.read',
  'POST /api/users': 'users.manageStaff',
  'PUT /api/users/{id}': 'users.manageStaff',
  'POST /api/users/{id}/reset-password': 'users.manageStaff',

  'GET /api/audit-log': 'audit.read',

  'GET /api/production/stages': 'production.read',
  'PUT /api/production/stages': 'organization.write',
  'GET /api/job-cards': 'production.read',
  'GET /api/job-cards/{id}': 'production.read',
  'POST /api/job-cards/from-order/{orderId}': 'production.write',
  'PUT /api/job-cards/{id}': 'production.write',
  'POST /api/job-cards/{id}/move': 'production.write',
  'DELETE /api/job-cards/{id}': 'production.delete',
  'GET /api/production-entries': 'production.read',
  'GET /api/production-entries/{id}': 'production.read',
  'POST /api/production-entries': 'production.write',
  'POST /api/production-entries/batch': 'production.write',
  'PUT /api/production-entries/{id}': 'production.write',
  'DELETE /api/production-entries/{id}': 'production.delete',
  // Wages are private: what each worker earned and is owed.
  'GET /api/worker-wages': 'salaries.read',
};

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
