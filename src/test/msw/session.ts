import { useAuthStore } from '@/stores/auth';
import type { Role } from '../../../contract/permissions.ts';
import { testSession, testSessionAs } from '../fixtures';

export { TEST_USER_ID } from '../fixtures';

/** Signs a test user into the auth store, as a successful login would. */
export function signInTestUser(accessToken = 'test-access-token') {
  useAuthStore.getState().setSession(testSession(accessToken));
}

/** Signs in a user of `role` (e.g. staff) of the test organization. */
export function signInTestUserAs(role: Role, accessToken = 'test-access-token') {
  useAuthStore.getState().setSession(testSessionAs(role, accessToken));
}
