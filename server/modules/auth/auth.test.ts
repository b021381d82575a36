import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authData, meData } from '../../../contract/auth.ts';
import { envelope } from '../../../contract/common.ts';
import { sessions, users } from '../../db/platform-tables.ts';
import {
  TEST_PASSWORD,
  cookieValue,
  createTestApp,
  type TestBody,
  type TestApp,
} from '../../test/test-app.ts';
import { withTestApp } from '../../test/app-per-file.ts';
import { xsrfTokenFor } from '../../lib/session-cookies.ts';
import { hashAccessToken, SESSION_TTL_MS } from './sessions.ts';

let t: TestApp;

withTestApp((app) => {
  t = app;
});

const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });

describe('register', () => {
  it('creates an organization and its owner, returns a session and sets the cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        organizationName: 'Shree Ambica Embroidery',
        name: 'Kishan Patel',
        email: 'Kishan@Example.com ',
        password: 'long enough',
      },
    });
    expect(response.statusCode).toBe(201);
    const body = envelope(authData).parse(response.json<TestBody>());
    expect(body.data.user).toMatchObject({
      name: 'Kishan Patel',
      email: 'kishan@example.com',
      role: 'owner',
    });
    expect(body.data.organization.name).toBe('Shree Ambica Embroidery');
    expect(body.data.user.organizationId).toBe(body.data.organization._id);
    expect(Buffer.from(body.data.token.accessToken, 'base64url').length).toBeGreaterThanOrEqual(32);
    const cookie = response.cookies.find((c) => c.name === 'accessToken');
    expect(cookie).toMatchObject({
      value: body.data.token.accessToken,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(cookie?.secure).toBeFalsy();

    const [stored] = await t.database.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashAccessToken(body.data.token.accessToken)));
    expect(stored).toBeDefined();
    const [user] = await t.database.handle.db
      .select()
      .from(users)
      .where(eq(users.id, body.data.user._id));
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(user?.passwordHash).not.toContain('long enough');
  });

  it('refuses a duplicate email whatever its case with 409', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        organizationName: 'Copy',
        name: 'Copy',
        email: 'KISHAN@example.COM',
        password: 'long enough',
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<TestBody>()).toEqual({
      success: false,
      code: 'duplicate',
      message: 'An account with this email already exists',
    });
  });

  it('rejects a short password and a bad email with field errors', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { organizationName: 'X', name: 'Y', email: 'nope', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<TestBody>().errors).toEqual(
      expect.arrayContaining([
        {
          path: 'email',
          code: 'invalid_format',
          params: { format: 'email' },
          message: 'Enter a valid email address',
        },
        {
          path: 'password',
          code: 'too_short',
          params: { minimum: 8 },
          message: 'Must be at least 8 characters',
        },
      ]),
    );
  });

  it('marks cookies Secure behind an HTTPS proxy', async () => {
    const secureApp = await createTestApp({ trustProxy: true });
    try {
      const response = await secureApp.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'x-forwarded-proto': 'https' },
        payload: {
          organizationName: 'Secure Org',
          name: 'S',
          email: 'secure@example.com',
          password: TEST_PASSWORD,
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.cookies.find((c) => c.name === 'accessToken')?.secure).toBe(true);
      expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
    } finally {
      await secureApp.close();
    }
  });
});

describe('login, me and logout', () => {
  it('signs in, answers me and revokes on logout', async () => {
    const registered = await t.registerUser({ email: 'login-flow@example.com' });
    const response = await login('LOGIN-FLOW@example.com', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = envelope(authData).parse(response.json<TestBody>());
    expect(body.data.user._id).toBe(registered.auth.user._id);
    const token = body.data.token.accessToken;
    expect(new Date(body.data.token.expiresAt).getTime()).toBeGreaterThan(
      Date.now() + SESSION_TTL_MS - 60_000,
    );

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(envelope(meData).parse(me.json<TestBody>()).data.user.email).toBe(
      'login-flow@example.com',
    );

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    const cleared = logout.cookies.find((c) => c.name === 'accessToken');
    expect(cleared?.value).toBe('');

    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    // The other session of the same user is untouched.
    const other = await t.send(registered, 'GET', '/api/auth/me');
    expect(other.statusCode).toBe(200);
  });

  it('answers logout with 200 even without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.json<TestBody>().success).toBe(true);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    await t.registerUser({ email: 'wrong-pass@example.com' });
    const wrong = await login('wrong-pass@example.com', 'not the password');
    const unknown = await login('nobody@example.com', 'whatever it is');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json<TestBody>()).toEqual({
      success: false,
      code: 'unauthenticated',
      message: 'Invalid email or password',
    });
    expect(unknown.json<TestBody>()).toEqual(wrong.json<TestBody>());
  });

  it('needs a session for me', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
  });
});

describe('cookie sessions and CSRF', () => {
  it('sets a readable XSRF-TOKEN cookie when the request has none', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.path).toBe('/');
    const withCookie = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      cookies: { 'XSRF-TOKEN': 'abc' },
    });
    expect(cookieValue(withCookie, 'XSRF-TOKEN')).toBeUndefined();
  });

  it('authenticates reads by cookie and demands the CSRF header on writes', async () => {
    const user = await t.registerUser();
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/merchants',
      headers: { cookie: user.cookieHeaders.cookie ?? '' },
    });
    expect(read.statusCode).toBe(200);

    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: { cookie: user.cookieHeaders.cookie ?? '' },
      payload: { name: 'Forged' },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json<TestBody>()).toEqual({
      success: false,
      code: 'csrf_failed',
      message: 'Invalid or missing CSRF token',
    });

    const wrongHeader = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: { cookie: user.cookieHeaders.cookie ?? '', 'x-xsrf-token': 'something-else' },
      payload: { name: 'Forged' },
    });
    expect(wrongHeader.statusCode).toBe(403);

    const good = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: user.cookieHeaders,
      payload: { name: 'Genuine' },
    });
    expect(good.statusCode).toBe(201);

    const bearerWrite = await t.send(user, 'POST', '/api/merchants', { name: 'Bearer' });
    expect(bearerWrite.statusCode).toBe(201);
  });

  it('binds the CSRF token to the session: a planted cookie with a matching header is refused', async () => {
    const user = await t.registerUser();
    const planted = 'planted-by-a-sibling-subdomain';
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: {
        cookie: `accessToken=${user.token}; XSRF-TOKEN=${planted}`,
        'x-xsrf-token': planted,
      },
      payload: { name: 'Forged' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json<TestBody & { code: string }>().code).toBe('csrf_failed');
    // The browser is handed its session's token, so the SPA's next write goes through.
    const repaired = cookieValue(forged, 'XSRF-TOKEN');
    expect(repaired).toBe(xsrfTokenFor(user.token));
    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: {
        cookie: `accessToken=${user.token}; XSRF-TOKEN=${repaired}`,
        'x-xsrf-token': repaired,
      },
      payload: { name: 'Genuine' },
    });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(cookieValue(retried, 'XSRF-TOKEN')).toBeUndefined();
  });

  it('sets the session’s CSRF token at sign-in and register, different for each session', async () => {
    const email = `xsrf-${Date.now()}@example.com`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { organizationName: 'Xsrf Org', name: 'Owner', email, password: TEST_PASSWORD },
      cookies: { 'XSRF-TOKEN': 'anonymous-placeholder' },
    });
    const registeredToken = registered.json<TestBody>().data.token.accessToken;
    expect(cookieValue(registered, 'XSRF-TOKEN')).toBe(xsrfTokenFor(registeredToken));
    const signedIn = await login(email, TEST_PASSWORD);
    const signedInToken = signedIn.json<TestBody>().data.token.accessToken;
    expect(cookieValue(signedIn, 'XSRF-TOKEN')).toBe(xsrfTokenFor(signedInToken));
    expect(xsrfTokenFor(signedInToken)).not.toBe(xsrfTokenFor(registeredToken));
    expect(signedIn.cookies.filter((c) => c.name === 'XSRF-TOKEN')).toHaveLength(1);
    // It lasts as long as the session cookie, so a browser restart keeps both.
    const expiryOf = (name: string) =>
      signedIn.cookies.find((c) => c.name === name)?.expires?.getTime();
    expect(expiryOf('XSRF-TOKEN')).toBeDefined();
    expect(expiryOf('XSRF-TOKEN')).toBe(expiryOf('accessToken'));
  });

  it('needs the CSRF header to log out by cookie', async () => {
    const user = await t.registerUser();
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: user.cookieHeaders.cookie ?? '' },
    });
    expect(forged.statusCode).toBe(403);
    const genuine = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: user.cookieHeaders,
    });
    expect(genuine.statusCode).toBe(200);
    const after = await t.send(user, 'GET', '/api/auth/me');
    expect(after.statusCode).toBe(401);
  });

  it('lets a Bearer header win: an invalid bearer is 401 even with a valid cookie', async () => {
    const user = await t.registerUser();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...user.cookieHeaders, authorization: 'Bearer not-a-real-token' },
    });
    expect(response.statusCode).toBe(401);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...user.cookieHeaders, authorization: 'Basic abc' },
    });
    expect(malformed.statusCode).toBe(401);
  });
});

describe('session expiry', () => {
  it('rejects an expired session', async () => {
    const user = await t.registerUser();
    await t.database.handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashAccessToken(user.token)));
    const response = await t.send(user, 'GET', '/api/auth/me');
    expect(response.statusCode).toBe(401);
  });

  it('slides the stored expiry at most once an hour', async () => {
    const user = await t.registerUser();
    const storedExpiry = async () =>
      (
        await t.database.handle.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashAccessToken(user.token)))
      )[0]?.expiresAt.getTime() ?? 0;

    const fresh = await storedExpiry();
    await t.send(user, 'GET', '/api/auth/me');
    expect(await storedExpiry()).toBe(fresh);

    // Pretend the last refresh was two hours ago.
    const twoHoursAgo = new Date(fresh - 2 * 60 * 60 * 1000);
    await t.database.handle.db
      .update(sessions)
      .set({ expiresAt: twoHoursAgo })
      .where(eq(sessions.tokenHash, hashAccessToken(user.token)));
    await t.send(user, 'GET', '/api/auth/me');
    expect(await storedExpiry()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
  });
});
