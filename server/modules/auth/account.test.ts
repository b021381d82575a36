import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meData, sessionList } from '../../../contract/auth.ts';
import { envelope } from '../../../contract/common.ts';
import { auditLog, sessions, users } from '../../db/platform-tables.ts';
import { TEST_PASSWORD, type TestApp, type TestUser } from '../../test/test-app.ts';
import { withTestApp } from '../../test/app-per-file.ts';
import { signInThroughApi } from '../../test/sign-in.ts';
import { SESSION_REFRESH_INTERVAL_MS, USER_AGENT_MAX_LENGTH } from './sessions.ts';

let t: TestApp;
let now = new Date('2026-03-01T09:00:00Z');

withTestApp(
  (app) => {
    t = app;
  },
  { clock: () => now },
);

const signIn = (email: string, password?: string, userAgent?: string) =>
  signInThroughApi(t, email, password, userAgent);

async function newAccount(): Promise<TestUser> {
  return t.registerUser({ email: `account-${randomUUID()}@example.com` });
}

async function auditActions(user: TestUser) {
  const rows = await t.database.handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.userId, user.auth.user._id))
    .orderBy(auditLog.at, auditLog.id);
  return rows;
}

async function sessionsOf(user: TestUser) {
  const response = await t.send(user, 'GET', '/api/auth/sessions');
  expect(response.statusCode, response.body).toBe(200);
  return envelope(sessionList).parse(response.json()).data.data;
}

describe('own profile', () => {
  it('updates only the fields sent, returns me and audits the change', async () => {
    const user = await newAccount();
    const response = await t.send(user, 'PUT', '/api/auth/me', {
      name: '  Kiran Desai ',
      phone: '98250 12345',
      language: 'gu',
      notifications: { dailyDigest: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { user: updated, organization } = envelope(meData).parse(response.json()).data;
    expect(updated).toMatchObject({
      name: 'Kiran Desai',
      phone: '98250 12345',
      language: 'gu',
      notifications: { syncToasts: 'all', dailyDigest: true },
    });
    expect(organization).toEqual(user.auth.organization);

    const again = await t.send(user, 'PUT', '/api/auth/me', {
      notifications: { syncToasts: 'problems' },
      phone: null,
    });
    expect(again.json()).toMatchObject({
      data: {
        user: {
          name: 'Kiran Desai',
          phone: null,
          language: 'gu',
          notifications: { syncToasts: 'problems', dailyDigest: true },
        },
      },
    });
    const me = await t.send(user, 'GET', '/api/auth/me');
    expect(me.json()).toMatchObject({ data: { user: { language: 'gu', phone: null } } });

    const updates = (await auditActions(user)).filter((entry) => entry.action === 'update');
    expect(updates).toHaveLength(2);
    expect(updates[0]).toMatchObject({
      entity: 'user',
      entityId: user.auth.user._id,
      changes: {
        name: ['Test Owner', 'Kiran Desai'],
        phone: [null, '98250 12345'],
        language: ['en', 'gu'],
        dailyDigest: [false, true],
      },
    });
  });

  it('refuses a role, email or unknown field, and a bad language', async () => {
    const user = await newAccount();
    for (const body of [{ role: 'admin' }, { email: 'x@example.com' }, { language: 'fr' }]) {
      const response = await t.send(user, 'PUT', '/api/auth/me', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('change password', () => {
  it('names the current password when it is wrong', async () => {
    const user = await newAccount();
    const response = await t.send(user, 'POST', '/api/auth/change-password', {
      currentPassword: 'not my password',
      newPassword: 'a brand new one',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: [
        { path: 'currentPassword', code: 'invalid_value', params: { rule: 'current_password' } },
      ],
    });
  });

  it('refuses the same password again on newPassword', async () => {
    const user = await newAccount();
    const response = await t.send(user, 'POST', '/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [{ path: 'newPassword', code: 'invalid_value', params: { rule: 'same_password' } }],
    });
    const short = await t.send(user, 'POST', '/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
  });

  it('clears the forced change and ends every other session, keeping this one', async () => {
    const user = await newAccount();
    const other = await signIn(user.auth.user.email);
    const third = await signIn(user.auth.user.email);
    await t.database.handle.db
      .update(users)
      .set({ mustChangePassword: true })
      .where(eq(users.id, user.auth.user._id));
    expect((await t.send(user, 'GET', '/api/merchants')).statusCode).toBe(403);

    const response = await t.send(user, 'POST', '/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'fresh secret 42',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(envelope(meData).parse(response.json()).data.user.mustChangePassword).toBe(false);

    expect((await t.send(user, 'GET', '/api/merchants')).statusCode).toBe(200);
    expect((await t.send(other, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await t.send(third, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect(await sessionsOf(user)).toHaveLength(1);

    await signIn(user.auth.user.email, 'fresh secret 42');
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.auth.user.email, password: TEST_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);

    const change = (await auditActions(user)).find((entry) => entry.action === 'passwordChange');
    expect(change).toMatchObject({
      entity: 'user',
      entityId: user.auth.user._id,
      changes: { mustChangePassword: [true, false] },
    });
    expect(JSON.stringify(change)).not.toContain('fresh secret');
  });
});

describe('sessions', () => {
  it('lists the live sessions with their device and which one is this', async () => {
    const user = await newAccount();
    const phone = await signIn(user.auth.user.email, TEST_PASSWORD, '  Mozilla/5.0 (Android 14)  ');
    const long = await signIn(user.auth.user.email, TEST_PASSWORD, `Agent ${'x'.repeat(600)}`);
    const list = await sessionsOf(phone);
    expect(list).toHaveLength(3);
    expect(list.filter((session) => session.current)).toHaveLength(1);
    const current = list.find((session) => session.current);
    expect(current?.userAgent).toBe('Mozilla/5.0 (Android 14)');
    expect(current?.createdAt).toBe(now.toISOString());
    expect(current?.lastUsedAt).toBe(now.toISOString());
    const longAgent = (await sessionsOf(long)).find((session) => session.current)?.userAgent;
    expect(longAgent).toHaveLength(USER_AGENT_MAX_LENGTH);
    // The token hash is the session's secret; the list shows a separate public id only.
    const stored = await t.database.handle.db
      .select({ id: sessions.id, tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, user.auth.user._id));
    expect(list.map((session) => session._id).sort()).toEqual(
      stored.map((session) => session.id).sort(),
    );
    expect(JSON.stringify(list)).not.toContain(stored[0]?.tokenHash);
  });

  it('records last use with the hourly refresh, on the session and on the user', async () => {
    const user = await newAccount();
    const signedInAt = now;
    now = new Date(signedInAt.getTime() + SESSION_REFRESH_INTERVAL_MS + 60_000);
    try {
      expect((await t.send(user, 'GET', '/api/auth/me')).statusCode).toBe(200);
      const [session] = await sessionsOf(user);
      expect(session?.lastUsedAt).toBe(now.toISOString());
      expect(session?.createdAt).toBe(signedInAt.toISOString());
      const [row] = await t.database.handle.db
        .select({ lastSeenAt: users.lastSeenAt })
        .from(users)
        .where(eq(users.id, user.auth.user._id));
      expect(row?.lastSeenAt?.toISOString()).toBe(now.toISOString());
    } finally {
      now = signedInAt;
    }
  });

  it('ends one of its own sessions, but not another user’s', async () => {
    const user = await newAccount();
    const other = await signIn(user.auth.user.email);
    const stranger = await newAccount();
    const strangerSession = (await sessionsOf(stranger))[0]!;

    const refused = await t.send(user, 'DELETE', `/api/auth/sessions/${strangerSession._id}`);
    expect(refused.statusCode).toBe(404);
    expect((await t.send(stranger, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const unknown = await t.send(user, 'DELETE', `/api/auth/sessions/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);

    const target = (await sessionsOf(other)).find((session) => session.current)!;
    const response = await t.send(user, 'DELETE', `/api/auth/sessions/${target._id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { _id: target._id } });
    expect((await t.send(other, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await t.send(user, 'GET', '/api/auth/me')).statusCode).toBe(200);

    const revoke = (await auditActions(user)).find((entry) => entry.action === 'sessionRevoke');
    expect(revoke).toMatchObject({ entity: 'session', entityId: target._id });
  });

  it('signs out everywhere, this session included, and clears the cookie', async () => {
    const user = await newAccount();
    const other = await signIn(user.auth.user.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: user.cookieHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === 'accessToken')?.value).toBe('');
    expect((await t.send(user, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await t.send(other, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const left = await t.database.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.auth.user._id));
    expect(left).toHaveLength(0);
  });

  it('needs the CSRF header to sign out everywhere by cookie', async () => {
    const user = await newAccount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { cookie: user.cookieHeaders.cookie ?? '' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'csrf_failed' });
    expect((await t.send(user, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });
});

describe('sign-in and sign-out in the audit trail', () => {
  it('records sign-in, logout and logout-all', async () => {
    const user = await newAccount();
    const second = await signIn(user.auth.user.email);
    expect((await t.send(second, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expect((await t.send(user, 'POST', '/api/auth/logout-all')).statusCode).toBe(200);
    const entries = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.auth.user._id), eq(auditLog.entity, 'session')))
      .orderBy(auditLog.at, auditLog.id);
    // Registration signs in too.
    expect(entries.map((entry) => entry.action)).toEqual([
      'signIn',
      'signIn',
      'signOut',
      'signOut',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        organizationId: user.auth.user.organizationId,
        entityId: user.auth.user._id,
        userName: 'Test Owner',
      });
    }
  });

  it('does not record a refused sign-in', async () => {
    const user = await newAccount();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.auth.user.email, password: 'wrong password' },
    });
    const entries = await auditActions(user);
    expect(entries.map((entry) => entry.action)).toEqual(['signIn']);
  });
});
