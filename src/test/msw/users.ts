import { http, type HttpHandler } from 'msw';
import type { Role } from '../../../contract/permissions.ts';
import { userResetPasswordBody, type User } from '../../../contract/users.ts';
import { validationErrorMap, fieldErrorOf } from '../../../contract/validation.ts';
import { users } from '@/features/users/resource';
import { useAuthStore } from '@/stores/auth';
import { fail, ok } from './envelope';
import {
  createResourceFake,
  jsonBodyOf,
  keepRequest,
  TEST_ORGANIZATION_ID,
  testId,
} from './resource-fake';
import { TEST_USER_ID } from '../fixtures';

export { TEST_USER_ID };

function person(n: number, name: string, role: Role, extra: Partial<User> = {}): User {
  const createdAt = new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString();
  return {
    _id: testId(n),
    organizationId: TEST_ORGANIZATION_ID,
    version: 1,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    phone: n % 2 === 0 ? `+91 98250 ${String(10000 + n).slice(-5)}` : null,
    role,
    isActive: true,
    mustChangePassword: false,
    language: 'en',
    lastSeenAt: null,
    createdAt,
    updatedAt: createdAt,
    ...extra,
  };
}

/**
 * The signed-in test owner (Asha Patel, as `testSession`), a second owner, an admin and staff; the
 * newest first, as the API's default order returns them.
 */
function makeUsers(): User[] {
  const recently = new Date(Date.now() - 5 * 60_000).toISOString();
  return [
    person(6, 'Kiran Solanki', 'staff', { isActive: false }),
    person(5, 'Ramesh Vaghela', 'staff', { lastSeenAt: recently, mustChangePassword: true }),
    person(4, 'Meena Shah', 'staff', { lastSeenAt: recently }),
    person(3, 'Nilesh Desai', 'admin', { lastSeenAt: recently }),
    person(2, 'Jignesh Patel', 'owner'),
    {
      ...person(1, 'Asha Patel', 'owner', { lastSeenAt: recently }),
      _id: TEST_USER_ID,
      email: 'asha@example.com',
    },
  ];
}

const forbidden = () => fail(403, 'You do not have permission to do this', undefined, 'forbidden');

/**
 * An in-memory /api/users with the API's rules: an admin touches staff only and grants no higher
 * role, nobody changes their own role or deactivates themselves, and the last active owner stays.
 * The caller is whoever the test signed into the auth store.
 */
export function createUsersFake(records: User[] = makeUsers()) {
  const fake = createResourceFake<User>({
    resource: users,
    records,
    blank: {
      name: '',
      email: '',
      phone: null,
      role: 'staff',
      isActive: true,
      mustChangePassword: true,
      language: 'en',
      lastSeenAt: null,
    },
    list: {
      sortable: ['name', 'createdAt', 'lastSeenAt'],
      defaultSort: '-createdAt',
      exactFilters: { role: 'role', isActive: 'isActive' },
      filter: (rows, search) => {
        const needle = search.get('search')?.trim().toLowerCase();
        search.delete('search');
        if (!needle) return rows;
        return rows.filter((row) =>
          [row.name, row.email, row.phone ?? ''].some((text) =>
            text.toLowerCase().includes(needle),
          ),
        );
      },
    },
    // The temporary password is handed over, never stored on the record.
    derive: (record) => {
      const { password: _password, ...rest } = record as User & { password?: string };
      return rest;
    },
    unique: 'email',
    firstId: 500,
  });

  const callerRole = () => useAuthStore.getState().user?.role ?? 'staff';
  const mayTouch = (target: User) => callerRole() === 'owner' || target.role === 'staff';
  const activeOwners = () => fake.records.filter((row) => row.role === 'owner' && row.isActive);
  const readBody = (request: Request) =>
    jsonBodyOf(request) as Promise<Record<string, unknown> | undefined>;

  // Checked before the generic handlers; a request they let through falls to those.
  const rules: HttpHandler[] = [
    http.post('*/api/users', async ({ request }) => {
      const body = await readBody(request);
      if (callerRole() !== 'owner' && body?.role !== undefined && body.role !== 'staff') {
        return forbidden();
      }
      return undefined;
    }),
    http.put('*/api/users/:id', async ({ request, params }) => {
      const body = (await readBody(request)) ?? {};
      const target = fake.records.find((row) => row._id === params.id);
      if (!target) return undefined;
      const grantsHigher = body.role !== undefined && body.role !== 'staff';
      if (!mayTouch(target) || (callerRole() !== 'owner' && grantsHigher)) return forbidden();
      const self = target._id === useAuthStore.getState().user?._id;
      const changesRole = body.role !== undefined && body.role !== target.role;
      if (self && (changesRole || body.isActive === false)) {
        return fail(409, 'You cannot change your own role', undefined, 'own_account');
      }
      const losesOwner = target.role === 'owner' && (changesRole || body.isActive === false);
      if (losesOwner && target.isActive && activeOwners().length === 1) {
        return fail(409, 'Last owner', undefined, 'last_owner');
      }
      return undefined;
    }),
    http.post('*/api/users/:id/reset-password', async ({ request, params }) => {
      const body = keepRequest(fake.requests, request, await readBody(request));
      const index = fake.records.findIndex((row) => row._id === params.id);
      const target = fake.records[index];
      if (!target) return fail(404, 'Not found');
      if (!mayTouch(target)) return forbidden();
      const parsed = userResetPasswordBody.safeParse(body, { error: validationErrorMap });
      if (!parsed.success) {
        return fail(400, 'Validation failed', parsed.error.issues.map(fieldErrorOf));
      }
      const updated = {
        ...target,
        mustChangePassword: true,
        version: target.version + 1,
        updatedAt: new Date().toISOString(),
      };
      fake.records[index] = updated;
      return ok(updated);
    }),
  ];

  return { ...fake, handlers: [...rules, ...fake.handlers], users: fake.records };
}

export type UsersFake = ReturnType<typeof createUsersFake>;
