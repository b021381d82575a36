import { useAuthStore } from '@/stores/auth';
import { TEST_ORGANIZATION_ID, testId } from './merchants';

export const TEST_USER_ID = testId(999_001);

/** Signs a test user into the auth store, as a successful login would. */
export function signInTestUser(accessToken = 'test-access-token') {
  useAuthStore.getState().setSession({
    user: {
      _id: TEST_USER_ID,
      name: 'Asha Patel',
      email: 'asha@example.com',
      organizationId: TEST_ORGANIZATION_ID,
      role: 'owner',
    },
    organization: { _id: TEST_ORGANIZATION_ID, name: 'Asha Embroidery Works' },
    token: { accessToken, expiresAt: '2099-01-01T00:00:00.000Z' },
  });
}
