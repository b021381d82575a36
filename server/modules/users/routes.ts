import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paged, pickList } from '../../../contract/common.ts';
import {
  user,
  userCreate,
  userListQuery,
  type UserListParams,
  userResetPasswordBody,
  userUpdate,
} from '../../../contract/users.ts';
import { idParams, registerCsvExport } from '../../lib/crud-routes.ts';
import { ok } from '../../lib/envelope.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { authenticatedOf } from '../../lib/request-auth.ts';
import type { ResourceModule } from '../registry.ts';
import { registerCreateRoute, registerUpdateRoute } from '../../lib/area-routes.ts';
import { okIfFound } from '../../lib/ok-if-found.ts';
import { routeOptions } from '../../lib/route-options.ts';
import { writingTenant } from '../../lib/writing-tenant.ts';
import {
  allUsers,
  createUser,
  exportUsers,
  findUser,
  listUsers,
  resetUserPassword,
  updateUser,
  type Actor,
} from './repository.ts';

const USER_NOT_FOUND = 'User not found';

function actorOf(request: FastifyRequest): Actor {
  const { tenant, session } = authenticatedOf(request);
  return { tenant, role: session.user.role };
}

/** The caller of a write whose body may name an organization: another one is refused (400). */
function writingActorOf(request: FastifyRequest<{ Body: unknown }>): Actor {
  return { ...actorOf(request), tenant: writingTenant(request) };
}

/**
 * The organization's people and their roles. Users are never deleted (history names them):
 * deactivation takes their place. Each route's permission is what every call needs; touching an
 * owner or admin also needs `users.manageAdmins`, which depends on the record, so the repository
 * checks it.
 */
export const userRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['Users'];
  const read = { permission: 'users.read' } as const;
  const write = { permission: 'users.manageStaff' } as const;

  app.get(
    '/',
    routeOptions(read, {
      operationId: 'listUsers',
      tags,
      summary: 'List users',
      querystring: userListQuery,
      data: paged(user),
    }),
    async (request) =>
      ok(
        await listUsers(app.db, authenticatedOf(request).tenant, request.query),
        'Users fetched successfully',
      ),
  );

  registerCsvExport(app, {
    tag: 'Users',
    plural: 'Users',
    permission: 'users.read',
    listQuery: userListQuery,
    csv: {
      namespace: 'users',
      columns: [
        { key: 'name' },
        { key: 'email' },
        { key: 'phone' },
        { key: 'role', values: 'roles' },
        { key: 'isActive' },
        { key: 'lastSeenAt', label: 'columns.lastSeen' },
      ],
    },
    rows: (db, tenant, query) =>
      exportUsers(db, tenant, query as UserListParams) as AsyncIterable<Record<string, unknown>>,
  });

  app.get(
    '/all',
    routeOptions(read, {
      operationId: 'listUserChoices',
      tags,
      summary: 'Every user of the organization, by name',
      data: pickList(user),
    }),
    async (request) =>
      ok(
        { data: await allUsers(app.db, authenticatedOf(request).tenant) },
        'Users fetched successfully',
      ),
  );

  app.get(
    '/:id',
    routeOptions(read, {
      operationId: 'getUser',
      tags,
      summary: 'One user',
      params: idParams,
      data: user,
    }),
    async (request) => {
      return okIfFound(
        await findUser(app.db, authenticatedOf(request).tenant, request.params.id),
        USER_NOT_FOUND,
        'User fetched successfully',
      );
    },
  );

  registerCreateRoute(scope, {
    permission: write.permission,
    operationId: 'createUser',
    tags,
    summary: 'Add a user with a temporary password they must change at first sign-in',
    body: userCreate,
    record: user,
    create: async ({ password, ...values }, request) =>
      createUser(app.db, writingActorOf(request), values, await hashPassword(password)),
    message: 'User created successfully',
  });

  registerUpdateRoute(scope, {
    permission: write.permission,
    operationId: 'updateUser',
    tags,
    summary: 'Change a user: name, email, phone, role, active',
    body: userUpdate,
    record: user,
    update: (id, body, request) => updateUser(app.db, writingActorOf(request), id, body),
    notFoundMessage: USER_NOT_FOUND,
    message: 'User updated successfully',
  });

  app.post(
    '/:id/reset-password',
    routeOptions(write, {
      operationId: 'resetUserPassword',
      tags,
      summary: 'Set a temporary password and end the user’s sessions',
      params: idParams,
      body: userResetPasswordBody,
      data: user,
    }),
    async (request) => {
      const passwordHash = await hashPassword(request.body.password);
      return okIfFound(
        await resetUserPassword(app.db, actorOf(request), request.params.id, passwordHash),
        USER_NOT_FOUND,
        'Password reset successfully',
      );
    },
  );

  done();
};

export const resourceModule: ResourceModule = { prefix: '/users', routes: userRoutes };
