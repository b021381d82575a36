import { user, userCreate, userListQuery, userUpdate, type User } from '../../../contract/users.ts';
import { createResource } from '@/lib/resource-factory';
import type userTexts from '../../../public/locales/en/users.json';

export const users = createResource({
  namespace: 'users',
  schemas: { record: user, create: userCreate, update: userUpdate, listQuery: userListQuery },
  // Users are never deleted, only deactivated.
  messages: { deleted: null },
  offline: { page: '/users' },
  workingSet: { permission: 'users.read', firstPage: true },
});

declare module '@/lib/translation-resources' {
  interface AppResources {
    users: typeof userTexts;
  }
}

/** Sends only the flag and the version of the row it was chosen on. */
export const useDeactivateUser = users.defineAction<{ id: string; version: number }, User>(
  'deactivate',
  {
    method: 'PUT',
    path: ({ id }) => `/${encodeURIComponent(id)}`,
    body: ({ version }) => ({ isActive: false, version }),
    success: 'users:toast.deactivated',
    failure: 'users:errors.deactivate',
  },
);

export const useReactivateUser = users.defineAction<{ id: string; version: number }, User>(
  'reactivate',
  {
    method: 'PUT',
    path: ({ id }) => `/${encodeURIComponent(id)}`,
    body: ({ version }) => ({ isActive: true, version }),
    success: 'users:toast.reactivated',
    failure: 'users:errors.reactivate',
  },
);

/** A new temporary password; the server signs the user out everywhere. */
export const useResetUserPassword = users.defineAction<{ id: string; password: string }, User>(
  'reset-password',
  {
    method: 'POST',
    path: ({ id }) => `/${encodeURIComponent(id)}/reset-password`,
    body: ({ password }) => ({ password }),
    success: 'users:toast.passwordReset',
    failure: 'users:errors.resetPassword',
  },
);
