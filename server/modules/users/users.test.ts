import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authData } from '../../../contract/auth.ts';
import { envelope, paged, pickList } from '../../../contract/common.ts';
import { user as userRecord, type User } from '../../../contract/users.ts';
import { auditLog, sessions, users } from '../../db/platform-tables.ts';
import {
  createTestApp,
  testUserFromAuth,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';
import { createSession } from '../auth/sessions.ts';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser({ name: 'Kishan Owner' });
  admin = await t.addUser(owner, 'admin');
  staff = await t.addUser(owner, 'staff');
});
afterAll(() => t.close());

const NEW_PASSWORD = 'temporary pass 1';

function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

async function signIn(email: string, password: string): Promise<TestUser> {
  const response = await login(email, password);
  expect(response.statusCode, response.body).toBe(200);
  return testUserFromAuth(envelope(authData).parse(response.json()).data);
}

async function createUser(
  by: TestUser,
  fields: Partial<{ name: string; email: string; phone: string; role: string }> = {},
): Promise<User> {
  const response = await t.send(by, 'POST', '/api/users', {
    name: 'Ramesh Staff',
    email: `user-${randomUUID()}@example.com`,
    role: 'staff',
    password: NEW_PASSWORD,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return envelope(userRecord).parse(response.json()).data;
}

/**
 * Waits (up to a few seconds) until `count` other backends of the database wait for a lock, so
 * the requests under test are all in flight before the lock holder lets them go.
 */
async function waitForLockWaiters(client: pg.Client, count: number) {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    // Inside a transaction the activity view is a snapshot taken once, unless it is dropped.
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function auditEntries(entityId: string) {
  return t.database.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.at, auditLog.id);
}

describe('adding users', () => {
  it('creates a user who must change the temporary password, without exposing the hash', async () => {
    const response = await t.send(owner, 'POST', '/api/users', {
      name: '  Meena Patel ',
      email: 'Meena.Patel@Example.com',
      phone: '98765 43210',
      role: 'staff',
      password: NEW_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = envelope(userRecord).parse(response.json()).data;
    expect(created).toMatchObject({
      name: 'Meena Patel',
      email: 'meena.patel@example.com',
      phone: '98765 43210',
      role: 'staff',
      isActive: true,
      mustChangePassword: true,
      lastSeenAt: null,
      version: 1,
      organizationId: owner.auth.user.organizationId,
    });
    expect(response.body).not.toMatch(/passwordHash|password_hash|scrypt|argon/);

    const signedIn = await signIn('meena.patel@example.com', NEW_PASSWORD);
    expect(signedIn.auth.user.mustChangePassword).toBe(true);

    const [entry] = await auditEntries(created._id);
    expect(entry).toMatchObject({ action: 'create', entity: 'user', userId: owner.auth.user._id });
    expect(entry?.changes).toMatchObject({ email: [null, 'meena.patel@example.com'] });
    expect(entry?.changes).not.toHaveProperty('password');
    expect(entry?.changes).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(entry?.changes)).not.toContain(NEW_PASSWORD);
  });

  it('refuses an email already used anywhere, whatever its case, with 409 duplicate', async () => {
    const elsewhere = await t.registerUser({ email: 'taken-elsewhere@example.com' });
    expect(elsewhere.auth.user.email).toBe('taken-elsewhere@example.com');
    const response = await t.send(owner, 'POST', '/api/users', {
      name: 'Copy',
      email: 'TAKEN-elsewhere@example.com',
      role: 'staff',
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'duplicate',
      errors: [{ path: 'email', code: 'duplicate' }],
    });
  });

  it('needs a password of 8 to 128 characters and a known role', async () => {
    const response = await t.send(owner, 'POST', '/api/users', {
      name: 'Short',
      email: `short-${randomUUID()}@example.com`,
      role: 'manager',
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['role', 'password']));
  });

  it('lets an admin add staff but not an admin or owner', async () => {
    await createUser(admin, { role: 'staff' });
    for (const role of ['admin', 'owner']) {
      const response = await t.send(admin, 'POST', '/api/users', {
        name: 'Promoted',
        email: `promoted-${randomUUID()}@example.com`,
        role,
        password: NEW_PASSWORD,
      });
      expect(response.statusCode, role).toBe(403);
      expect(response.json()).toMatchObject({ code: 'forbidden' });
    }
    const made = await createUser(owner, { role: 'admin' });
    expect(made.role).toBe('admin');
  });
});

describe('reading users', () => {
  let team: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    team = await t.registerUser({ name: 'Zeel Owner' });
    other = await t.registerUser({ name: 'Other Org Owner' });
    await createUser(team, { name: 'Bhavna Shah', phone: '90990 11111', role: 'admin' });
    await createUser(team, { name: 'Amit 100%_Kumar', email: `amit-${randomUUID()}@example.com` });
    const inactive = await createUser(team, { name: 'Chirag Old' });
    const deactivated = await t.send(team, 'PUT', `/api/users/${inactive._id}`, {
      version: inactive.version,
      isActive: false,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
  });

  async function listNames(query: string) {
    const response = await t.send(team, 'GET', `/api/users${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return envelope(paged(userRecord))
      .parse(response.json())
      .data.data.map((u) => u.name);
  }

  it('lists only the organization’s users, newest first by default', async () => {
    expect(await listNames('')).toEqual([
      'Chirag Old',
      'Amit 100%_Kumar',
      'Bhavna Shah',
      'Zeel Owner',
    ]);
    expect(await listNames('?sort=name')).toEqual([
      'Amit 100%_Kumar',
      'Bhavna Shah',
      'Chirag Old',
      'Zeel Owner',
    ]);
    // Signed in at registration: seen most recently; never seen sorts as the oldest.
    expect((await listNames('?sort=-lastSeenAt'))[0]).toBe('Zeel Owner');
  });

  it('filters by search over name, email and phone, by role and by active', async () => {
    expect(await listNames('?search=bhav')).toEqual(['Bhavna Shah']);
    expect(await listNames('?search=90990')).toEqual(['Bhavna Shah']);
    expect(await listNames('?search=amit-')).toEqual(['Amit 100%_Kumar']);
    expect(await listNames('?search=0%25_')).toEqual(['Amit 100%_Kumar']);
    expect(await listNames('?role=admin')).toEqual(['Bhavna Shah']);
    expect(await listNames('?isActive=false')).toEqual(['Chirag Old']);
    expect(await listNames('?role=&isActive=')).toHaveLength(4);
    expect((await t.send(team, 'GET', '/api/users?role=boss')).statusCode).toBe(400);
    expect((await t.send(team, 'GET', '/api/users?sort=email')).statusCode).toBe(400);
  });

  it('pages with the shared paging', async () => {
    const response = await t.send(team, 'GET', '/api/users?limit=3&page=2&sort=name');
    expect(response.json()).toMatchObject({
      data: { totalCount: 4, totalPages: 2, currentPage: 2, hasNextPage: false, hasPrevPage: true },
    });
  });

  it('gives the whole organization by name as a pick list, inactive users included', async () => {
    const response = await t.send(team, 'GET', '/api/users/all');
    const names = envelope(pickList(userRecord))
      .parse(response.json())
      .data.data.map((u) => u.name);
    expect(names).toEqual(['Amit 100%_Kumar', 'Bhavna Shah', 'Chirag Old', 'Zeel Owner']);
  });

  it('answers 404 for a user of another organization and 400 for a malformed id', async () => {
    const stranger = other.auth.user._id;
    expect((await t.send(team, 'GET', `/api/users/${stranger}`)).statusCode).toBe(404);
    const put = await t.send(team, 'PUT', `/api/users/${stranger}`, { version: 1, name: 'X' });
    expect(put.statusCode).toBe(404);
    const reset = await t.send(team, 'POST', `/api/users/${stranger}/reset-password`, {
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(404);
    expect((await t.send(team, 'GET', '/api/users/not-an-id')).statusCode).toBe(400);
    const own = await t.send(team, 'GET', `/api/users/${team.auth.user._id}`);
    expect(envelope(userRecord).parse(own.json()).data.name).toBe('Zeel Owner');
  });
});

describe('editing users', () => {
  it('merges the fields sent, bumps the version and audits the change', async () => {
    const created = await createUser(owner, { name: 'Before Name', phone: '90000 00000' });
    const response = await t.send(owner, 'PUT', `/api/users/${created._id}`, {
      version: 1,
      name: 'After Name',
      role: 'admin',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      data: { name: 'After Name', role: 'admin', phone: '90000 00000', version: 2 },
    });
    const entries = await auditEntries(created._id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]?.changes).toEqual({
      name: ['Before Name', 'After Name'],
      role: ['staff', 'admin'],
    });
  });

  it('refuses a stale version with 409 and the current record', async () => {
    const created = await createUser(owner);
    await t.send(owner, 'PUT', `/api/users/${created._id}`, { version: 1, name: 'First' });
    const stale = await t.send(owner, 'PUT', `/api/users/${created._id}`, {
      version: 1,
      name: 'Second',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'stale_version',
      data: { name: 'First', version: 2 },
    });
    const missing = await t.send(owner, 'PUT', `/api/users/${created._id}`, { name: 'No version' });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a duplicate email on edit', async () => {
    const first = await createUser(owner);
    const second = await createUser(owner);
    const response = await t.send(owner, 'PUT', `/api/users/${second._id}`, {
      version: 1,
      email: first.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'duplicate' });
  });

  it('lets an admin edit staff but not an owner or admin, nor grant admin', async () => {
    const worker = await createUser(owner);
    const renamed = await t.send(admin, 'PUT', `/api/users/${worker._id}`, {
      version: 1,
      name: 'Renamed by admin',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const grant = await t.send(admin, 'PUT', `/api/users/${worker._id}`, {
      version: 2,
      role: 'admin',
    });
    expect(grant.statusCode).toBe(403);
    const otherAdmin = await t.addUser(owner, 'admin');
    for (const target of [owner.auth.user._id, otherAdmin.auth.user._id]) {
      const edit = await t.send(admin, 'PUT', `/api/users/${target}`, { version: 1, name: 'X' });
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toMatchObject({ code: 'forbidden' });
      const reset = await t.send(admin, 'POST', `/api/users/${target}/reset-password`, {
        password: NEW_PASSWORD,
      });
      expect(reset.statusCode).toBe(403);
    }
    expect((await t.send(otherAdmin, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('refuses staff every users call', async () => {
    expect((await t.send(staff, 'GET', '/api/users')).statusCode).toBe(403);
    const response = await t.send(staff, 'POST', '/api/users', {
      name: 'Nope',
      email: `nope-${randomUUID()}@example.com`,
      role: 'staff',
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses changing one’s own role or deactivating oneself with 409 own_account', async () => {
    const self = await t.registerUser();
    const id = self.auth.user._id;
    const demote = await t.send(self, 'PUT', `/api/users/${id}`, { version: 1, role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'own_account' });
    const deactivate = await t.send(self, 'PUT', `/api/users/${id}`, {
      version: 1,
      isActive: false,
    });
    expect(deactivate.json()).toMatchObject({ code: 'own_account' });
    // Sending back what was read, own role included, is an ordinary edit.
    const rename = await t.send(self, 'PUT', `/api/users/${id}`, {
      version: 1,
      role: 'owner',
      isActive: true,
      name: 'Renamed Self',
    });
    expect(rename.statusCode, rename.body).toBe(200);
  });

  it('keeps the last active owner when two owners demote each other at the same time', async () => {
    const first = await t.registerUser();
    const secondRecord = await createUser(first, { role: 'owner' });
    await t.database.handle.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(eq(users.id, secondRecord._id));
    const second = await signIn(secondRecord.email, NEW_PASSWORD);

    // Both requests pass authentication as owners before either writes: a third connection holds
    // the owners' rows until both are waiting for them, then lets them go together.
    const blocker = new pg.Client({ connectionString: t.database.url });
    await blocker.connect();
    let a: LightMyRequestResponse;
    let b: LightMyRequestResponse;
    try {
      await blocker.query('begin');
      await blocker.query('select id from users where organization_id = $1 for update', [
        first.auth.user.organizationId,
      ]);
      const requests = Promise.all([
        t.send(first, 'PUT', `/api/users/${secondRecord._id}`, { version: 1, role: 'admin' }),
        t.send(second, 'PUT', `/api/users/${first.auth.user._id}`, {
          version: 1,
          isActive: false,
        }),
      ]);
      await waitForLockWaiters(blocker, 2);
      await blocker.query('commit');
      [a, b] = await requests;
    } finally {
      await blocker.end();
    }
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses, `${a.body} ${b.body}`).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toMatchObject({ code: 'last_owner' });

    const owners = await t.database.handle.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.organizationId, first.auth.user.organizationId),
          eq(users.role, 'owner'),
          eq(users.isActive, true),
        ),
      );
    expect(owners).toHaveLength(1);
  });
});

describe('deactivation', () => {
  it('ends every session of the user at once and stops them signing in', async () => {
    const created = await createUser(owner);
    await t.database.handle.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(eq(users.id, created._id));
    const first = await signIn(created.email, NEW_PASSWORD);
    const second = await signIn(created.email, NEW_PASSWORD);
    expect((await t.send(first, 'GET', '/api/merchants')).statusCode).toBe(200);

    const response = await t.send(owner, 'PUT', `/api/users/${created._id}`, {
      version: 1,
      isActive: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.send(first, 'GET', '/api/merchants')).statusCode).toBe(401);
    expect((await t.send(second, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const left = await t.database.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, created._id));
    expect(left).toHaveLength(0);

    const refused = await login(created.email, NEW_PASSWORD);
    const wrong = await login(created.email, 'not the password');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(wrong.json());

    const [, update] = await auditEntries(created._id);
    expect(update).toMatchObject({ action: 'update', changes: { isActive: [true, false] } });

    const reactivated = await t.send(owner, 'PUT', `/api/users/${created._id}`, {
      version: 2,
      isActive: true,
    });
    expect(reactivated.statusCode).toBe(200);
    expect((await login(created.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('does not honour a session of an inactive user, however it came to exist', async () => {
    const created = await createUser(owner);
    await t.database.handle.db
      .update(users)
      .set({ isActive: false, mustChangePassword: false })
      .where(eq(users.id, created._id));
    const { accessToken } = await createSession(
      t.database.handle.db,
      created._id,
      created.organizationId,
    );
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('password reset by a manager', () => {
  it('sets a temporary password, ends the sessions and gates the user until they change it', async () => {
    const created = await createUser(admin);
    await t.database.handle.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(eq(users.id, created._id));
    const before = await signIn(created.email, NEW_PASSWORD);

    const response = await t.send(admin, 'POST', `/api/users/${created._id}/reset-password`, {
      password: 'handed over 2',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { mustChangePassword: true, version: 2 } });
    expect((await t.send(before, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await login(created.email, NEW_PASSWORD)).statusCode).toBe(401);

    const after = await signIn(created.email, 'handed over 2');
    expect(after.auth.user.mustChangePassword).toBe(true);
    const gated = await t.send(after, 'GET', '/api/merchants');
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toEqual({
      success: false,
      code: 'password_change_required',
      message: 'Change your password to continue',
    });
    expect((await t.send(after, 'PUT', '/api/auth/me', { name: 'X' })).statusCode).toBe(403);
    expect((await t.send(after, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const changed = await t.send(after, 'POST', '/api/auth/change-password', {
      currentPassword: 'handed over 2',
      newPassword: 'my own secret',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ data: { user: { mustChangePassword: false } } });
    expect((await t.send(after, 'GET', '/api/merchants')).statusCode).toBe(200);
    expect((await t.send(after, 'POST', '/api/auth/logout')).statusCode).toBe(200);

    const entries = await auditEntries(created._id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'passwordReset', 'passwordChange']);
    expect(entries[1]).toMatchObject({ userId: admin.auth.user._id });
    expect(JSON.stringify(entries)).not.toMatch(/handed over|passwordHash/);
  });

  it('lets the gated user sign out', async () => {
    const created = await createUser(owner);
    const gated = await signIn(created.email, NEW_PASSWORD);
    expect((await t.send(gated, 'GET', '/api/users')).statusCode).toBe(403);
    expect((await t.send(gated, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expect((await t.send(gated, 'GET', '/api/auth/me')).statusCode).toBe(401);
  });
});

it('never offers a delete', async () => {
  const created = await createUser(owner);
  const response = await t.send(owner, 'DELETE', `/api/users/${created._id}`);
  expect(response.statusCode).toBe(404);
  expect((await t.send(owner, 'GET', `/api/users/${created._id}`)).statusCode).toBe(200);
});
