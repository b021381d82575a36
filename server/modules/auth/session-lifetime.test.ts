import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SESSION_MAX_LIFETIME_MS, SESSION_TTL_MS } from './sessions.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let now = new Date('2026-01-01T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const me = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${token}` },
  });

it('ends a session unused for 30 days', async () => {
  const user = await t.registerUser();
  now = new Date(now.getTime() + SESSION_TTL_MS - 60_000);
  expect((await me(user.token)).statusCode).toBe(200);
  // That use slid the idle expiry; 30 idle days after it the session is gone.
  now = new Date(now.getTime() + SESSION_TTL_MS + 1000);
  expect((await me(user.token)).statusCode).toBe(401);
});

it('ends a session 90 days after sign-in however often it is used', async () => {
  const user = await t.registerUser();
  const signedInAt = now.getTime();
  const cookieExpiries: number[] = [];
  for (let day = 10; day < 90; day += 10) {
    now = new Date(signedInAt + day * DAY_MS);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: user.cookieHeaders.cookie ?? '' },
    });
    expect(response.statusCode, `day ${day}`).toBe(200);
    const expires = response.cookies.find((c) => c.name === 'accessToken')?.expires;
    if (expires) cookieExpiries.push(expires.getTime());
  }
  // The browser cookie never outlives the session's absolute end.
  expect(cookieExpiries.length).toBeGreaterThan(0);
  for (const expiry of cookieExpiries) {
    expect(expiry).toBeLessThanOrEqual(signedInAt + SESSION_MAX_LIFETIME_MS);
  }
  now = new Date(signedInAt + SESSION_MAX_LIFETIME_MS - 1000);
  expect((await me(user.token)).statusCode).toBe(200);
  now = new Date(signedInAt + SESSION_MAX_LIFETIME_MS + 1000);
  const expired = await me(user.token);
  expect(expired.statusCode).toBe(401);
  expect(expired.json<{ code: string }>().code).toBe('unauthenticated');
});
