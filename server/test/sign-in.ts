import { expect } from 'vitest';
import { authData } from '../../contract/auth.ts';
import { envelope } from '../../contract/common.ts';
import { TEST_PASSWORD, testUserFromAuth, type TestApp, type TestUser } from './test-app.ts';

/**
 * Signs in through `POST /api/auth/login`, as the sign-in page does (with `userAgent` as the
 * browser's User-Agent when given), and expects it to succeed: the session it opens as a user.
 */
export async function signInThroughApi(
  t: TestApp,
  email: string,
  password = TEST_PASSWORD,
  userAgent?: string,
): Promise<TestUser> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: userAgent === undefined ? {} : { 'user-agent': userAgent },
  });
  expect(response.statusCode, response.body).toBe(200);
  return testUserFromAuth(envelope(authData).parse(response.json()).data);
}
