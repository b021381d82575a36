import { afterAll, beforeAll } from 'vitest';
import {
  createTestApp,
  type CreateTestAppOptions,
  type TestApp,
  type TestUser,
} from './test-app.ts';

/**
 * Starts the app before the file's tests, hands it to `receive` (the file keeps it in its own
 * variable, and may set up more there) and closes it after the tests.
 */
export function withTestApp(
  receive: (t: TestApp) => void | Promise<void>,
  options: CreateTestAppOptions = {},
) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(options);
    await receive(t);
  });
  afterAll(() => t?.close());
}

/** One app with two users of separate organizations: whatever the owner makes, the stranger must not reach. */
export interface OwnerAndStranger {
  t: TestApp;
  owner: TestUser;
  stranger: TestUser;
}

/** `withTestApp`, with the owner and the stranger registered before the tests. */
export function withOwnerAndStranger(receive: (session: OwnerAndStranger) => void) {
  withTestApp(async (t) => {
    receive({ t, owner: await t.registerUser(), stranger: await t.registerUser() });
  });
}
