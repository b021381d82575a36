import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './test-app.ts';

/** One app with two users of separate organizations: whatever the owner makes, the stranger must not reach. */
export interface OwnerAndStranger {
  t: TestApp;
  owner: TestUser;
  stranger: TestUser;
}

/**
 * Starts the app before the file's tests, registers the owner and the stranger, hands them to
 * `receive` (the file keeps them in its own variables) and closes the app after the tests.
 */
export function withOwnerAndStranger(receive: (session: OwnerAndStranger) => void) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    receive({ t, owner: await t.registerUser(), stranger: await t.registerUser() });
  });
  afterAll(() => t?.close());
}
