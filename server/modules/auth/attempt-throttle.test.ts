import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  ADDRESS_WINDOW_MS,
  FREE_FAILURES_PER_PAIR,
  MAX_DELAY_MS,
  MAX_FAILURES_PER_ADDRESS,
  pairDelayMs,
} from './attempt-throttle.ts';

let t: TestApp;
let now = new Date('2026-03-01T09:00:00Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });

async function fail(email: string, remoteAddress: string, times: number) {
  for (let attempt = 0; attempt < times; attempt += 1) {
    const response = await login(email, 'wrong password', remoteAddress);
    expect(response.statusCode, response.body).toBe(401);
  }
}

describe('delays per account and address', () => {
  it('grows from 1 s, doubling, to at most 15 minutes', () => {
    expect(pairDelayMs(FREE_FAILURES_PER_PAIR - 1)).toBe(0);
    expect(pairDelayMs(FREE_FAILURES_PER_PAIR)).toBe(1000);
    expect(pairDelayMs(FREE_FAILURES_PER_PAIR + 1)).toBe(2000);
    expect(pairDelayMs(FREE_FAILURES_PER_PAIR + 3)).toBe(8000);
    expect(pairDelayMs(FREE_FAILURES_PER_PAIR + 40)).toBe(MAX_DELAY_MS);
  });

  it('throttles the attacker’s address while the owner signs in from another, with no lock', async () => {
    const email = 'owner-throttle@example.com';
    await t.registerUser({ email });
    await fail(email, '10.1.0.1', FREE_FAILURES_PER_PAIR);

    const throttled = await login(email, 'wrong password', '10.1.0.1');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json<{ code: string }>().code).toBe('rate_limited');
    expect(throttled.headers['retry-after']).toBe('1');
    // Even the right password waits from the throttled address: it is not checked.
    expect((await login(email, TEST_PASSWORD, '10.1.0.1')).statusCode).toBe(429);

    // The owner, elsewhere, is not affected at all.
    expect((await login(email, TEST_PASSWORD, '10.1.0.2')).statusCode).toBe(200);

    // After the wait one more try is let through, and the next wait doubles.
    advance(1000);
    await fail(email, '10.1.0.1', 1);
    expect((await login(email, 'wrong password', '10.1.0.1')).headers['retry-after']).toBe('2');
    advance(2000);
    await fail(email, '10.1.0.1', 1);
    expect((await login(email, 'wrong password', '10.1.0.1')).headers['retry-after']).toBe('4');

    // Many failures later the wait stops growing at 15 minutes.
    for (let round = 0; round < 12; round += 1) {
      advance(MAX_DELAY_MS);
      await fail(email, '10.1.0.1', 1);
    }
    const capped = await login(email, 'wrong password', '10.1.0.1');
    expect(Number(capped.headers['retry-after'])).toBe(MAX_DELAY_MS / 1000);
  });

  it('clears a pair’s failures when that address signs in', async () => {
    const email = 'typo-prone@example.com';
    await t.registerUser({ email });
    await fail(email, '10.2.0.1', FREE_FAILURES_PER_PAIR);
    advance(1000);
    expect((await login(email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
    // Counting starts again: the next few failures have no wait.
    await fail(email, '10.2.0.1', FREE_FAILURES_PER_PAIR - 1);
    expect((await login(email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });
});

describe('per address across accounts', () => {
  it('allows a shared workshop router many failures, then stops spraying for the window', async () => {
    const email = 'workshop-owner@example.com';
    await t.registerUser({ email });
    // A workshop's tablets behind one address: dozens of typos across accounts are fine.
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ADDRESS - 1; attempt += 1) {
      await fail(`spray-${attempt}@example.com`, '10.3.0.1', 1);
    }
    expect((await login(email, TEST_PASSWORD, '10.3.0.1')).statusCode).toBe(200);

    await fail('spray-last@example.com', '10.3.0.1', 1);
    const blocked = await login(email, TEST_PASSWORD, '10.3.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(ADDRESS_WINDOW_MS / 1000);
    expect((await login(email, TEST_PASSWORD, '10.3.0.2')).statusCode).toBe(200);

    advance(ADDRESS_WINDOW_MS);
    expect((await login(email, TEST_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
  });
});
