import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ADDRESS_LIMITS } from './attempt-throttle.ts';

const MINUTE_MS = 60 * 1000;
const CODE_CHECKS = ADDRESS_LIMITS.codeCheck.max;
const RECOVERY_REQUESTS = ADDRESS_LIMITS.recoveryRequest.max;

let t: TestApp;
/** A second API server on the same database, as behind a load balancer. */
let other: FastifyInstance;
let now = new Date('2026-03-02T09:00:00Z');
const clock = () => now;

beforeAll(async () => {
  // The API-wide limit off, as in a load test: these limits must hold regardless.
  t = await createTestApp({ clock, rateLimitPerMinute: 0 });
  other = await buildApp({
    db: t.database.handle.db,
    staticDir: null,
    rateLimitPerMinute: 0,
    clock,
  });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});
beforeEach(() => {
  // Each test starts after the previous one's window, so counts never carry over.
  now = new Date(now.getTime() + 60 * MINUTE_MS);
});

let sequence = 0;
/** A different, unknown account each time, as when spraying guesses over many accounts. */
const anotherEmail = () => `nobody-${(sequence += 1)}@example.com`;

const post = (url: string, payload: object, remoteAddress: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: `/api/auth/${url}`, payload, remoteAddress });
const verify = (remoteAddress: string, app?: FastifyInstance) =>
  post('verify-code', { email: anotherEmail(), code: '123456' }, remoteAddress, app);
const confirmSignUp = (remoteAddress: string) =>
  post(
    'register/confirm',
    { email: anotherEmail(), code: 'ABCDE-FGHJK', password: 'some password' },
    remoteAddress,
  );
const forgot = (remoteAddress: string, app?: FastifyInstance) =>
  post('forgot-password', { email: anotherEmail() }, remoteAddress, app);

type Response = Awaited<ReturnType<typeof post>>;
const expectLimited = (response: Response, retryAfterSeconds: number) => {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.headers['retry-after']).toBe(String(retryAfterSeconds));
  expect(response.json()).toMatchObject({ success: false, code: 'rate_limited' });
};

describe('code checks per address', () => {
  it(`refuses the ${CODE_CHECKS + 1}st check from one address across different emails`, async () => {
    for (let check = 0; check < CODE_CHECKS; check += 1) {
      expect((await verify('203.0.113.1')).statusCode).toBe(400);
    }
    expectLimited(await verify('203.0.113.1'), 15 * 60);
    // Another address is not held up.
    expect((await verify('203.0.113.2')).statusCode).toBe(400);
  });

  it('counts sign-up confirmations as code checks too', async () => {
    for (let check = 0; check < CODE_CHECKS / 2; check += 1) {
      expect((await confirmSignUp('203.0.113.3')).statusCode).toBe(400);
      expect((await verify('203.0.113.3')).statusCode).toBe(400);
    }
    expectLimited(await confirmSignUp('203.0.113.3'), 15 * 60);
    expectLimited(await verify('203.0.113.3'), 15 * 60);
  });

  it('allows checks again once the window has passed, and says when', async () => {
    for (let check = 0; check < CODE_CHECKS; check += 1) {
      expect((await verify('203.0.113.4')).statusCode).toBe(400);
      now = new Date(now.getTime() + 10 * 1000);
    }
    // The oldest check leaves the 15-minute window first.
    const waitMs = 15 * MINUTE_MS - CODE_CHECKS * 10 * 1000;
    expectLimited(await verify('203.0.113.4'), waitMs / 1000);
    now = new Date(now.getTime() + waitMs - 1000);
    expect((await verify('203.0.113.4')).statusCode).toBe(429);
    now = new Date(now.getTime() + 1000);
    expect((await verify('203.0.113.4')).statusCode).toBe(400);
    // One slot came free, and the answer that was refused did not take it.
    expect((await verify('203.0.113.4')).statusCode).toBe(429);
  });

  it('holds across API servers on the same database', async () => {
    for (let check = 0; check < CODE_CHECKS / 2; check += 1) {
      expect((await verify('203.0.113.5', t.app)).statusCode).toBe(400);
      expect((await verify('203.0.113.5', other)).statusCode).toBe(400);
    }
    expectLimited(await verify('203.0.113.5', t.app), 15 * 60);
    expectLimited(await verify('203.0.113.5', other), 15 * 60);
  });

  it('lets no more than the limit through when the checks arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: CODE_CHECKS + 10 }, (_, index) =>
        verify('203.0.113.6', index % 2 === 0 ? t.app : other),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(CODE_CHECKS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});

describe('recovery requests per address', () => {
  it(`refuses the ${RECOVERY_REQUESTS + 1}th forgot-password from one address`, async () => {
    for (let request = 0; request < RECOVERY_REQUESTS; request += 1) {
      expect((await forgot('198.51.100.1')).statusCode).toBe(200);
    }
    expectLimited(await forgot('198.51.100.1'), 15 * 60);
    expect((await forgot('198.51.100.2')).statusCode).toBe(200);
    now = new Date(now.getTime() + 15 * MINUTE_MS);
    expect((await forgot('198.51.100.1')).statusCode).toBe(200);
  });

  it('holds across API servers on the same database', async () => {
    for (let request = 0; request < RECOVERY_REQUESTS / 2; request += 1) {
      expect((await forgot('198.51.100.3', t.app)).statusCode).toBe(200);
      expect((await forgot('198.51.100.3', other)).statusCode).toBe(200);
    }
    expectLimited(await forgot('198.51.100.3', other), 15 * 60);
  });

  it('is counted apart from code checks', async () => {
    for (let request = 0; request < RECOVERY_REQUESTS; request += 1) {
      expect((await forgot('198.51.100.4')).statusCode).toBe(200);
    }
    expect((await verify('198.51.100.4')).statusCode).toBe(400);
  });
});
