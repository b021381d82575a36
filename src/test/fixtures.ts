import { DEFAULT_NOTIFICATION_PREFERENCES, type AuthData } from '../../contract/auth.ts';
import type { MerchantCreate } from '../../contract/merchants.ts';
import type { Role } from '../../contract/permissions.ts';
import { validationFailed } from './msw/envelope';
import { storedFields as storedFieldsAt, TEST_ORGANIZATION_ID, testId } from './msw/resource-fake';

export const TEST_USER_ID = testId(999_001);

/** What a successful sign-in answers for the test owner; no store is touched. */
export function testSession(accessToken = 'test-access-token'): AuthData {
  return {
    user: {
      _id: TEST_USER_ID,
      name: 'Asha Patel',
      email: 'asha@example.com',
      organizationId: TEST_ORGANIZATION_ID,
      role: 'owner',
      mustChangePassword: false,
      phone: null,
      language: 'en',
      notifications: DEFAULT_NOTIFICATION_PREFERENCES,
    },
    organization: { _id: TEST_ORGANIZATION_ID, name: 'Asha Embroidery Works' },
    token: { accessToken, expiresAt: '2099-01-01T00:00:00.000Z' },
  };
}

/** The test session of a user with `role` in the same organization (staff, admin). */
export function testSessionAs(role: Role, accessToken = 'test-access-token'): AuthData {
  const session = testSession(accessToken);
  return { ...session, user: { ...session.user, role } };
}

/**
 * The fields every stored record carries: the test organization's record `n`, made on the n-th of
 * January 2025 (so a larger `n` is newer) and never edited since.
 */
export function storedFields(n: number, id = testId(n)) {
  return { ...storedFieldsAt(n, new Date(Date.UTC(2025, 0, n)).toISOString()), _id: id };
}

/** The server's refusal of a malformed phone number (`message` is its English text). */
export function phoneRefused(message: string) {
  return validationFailed([
    { path: 'phone', code: 'invalid_format', params: { format: 'phone' }, message },
  ]);
}

/** A new merchant as the form sends it: a name and a city, every optional field left empty. */
export const NEW_MERCHANT: MerchantCreate = {
  name: 'Navrang Prints',
  contactPerson: null,
  phone: null,
  email: null,
  address: null,
  city: 'Surat',
  gstin: null,
  state: null,
  notes: null,
};
