import { useAuthStore } from '@/stores/auth';
import { testSession } from '../fixtures';

export { TEST_USER_ID } from '../fixtures';

/** Signs a test user into the auth store, as a successful login would. */
export function signInTestUser(accessToken = 'test-access-token') {
  useAuthStore.getState().setSession(testSession(accessToken));
}
