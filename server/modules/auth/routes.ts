import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authData,
  loginBody,
  meData,
  registerBody,
  type AuthData,
} from '../../../contract/auth.ts';
import { envelope } from '../../../contract/common.ts';
import { ok } from '../../lib/envelope.ts';
import { conflict, tooManyRequests, unauthorized } from '../../lib/http-errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import {
  assertCsrf,
  authenticatedOf,
  clearAccessTokenCookie,
  requireAuth,
  resolveAuth,
  setSessionCookies,
  type CookieSettings,
} from '../../plugins/auth.ts';
import {
  clearLoginFailures,
  loginRetryAfterSeconds,
  recordLoginFailure,
} from './login-throttle.ts';
import {
  DUPLICATE_EMAIL_MESSAGE,
  createOrganizationWithOwner,
  findUserByEmail,
  type UserWithOrganization,
} from './repository.ts';
import { createSession, revokeSession } from './sessions.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  cookies: CookieSettings,
  user: UserWithOrganization,
): Promise<AuthData> {
  const { accessToken, expiresAt } = await createSession(
    request.server.db,
    user.id,
    user.organizationId,
    request.server.clock(),
  );
  setSessionCookies(request, reply, cookies, accessToken, expiresAt);
  return {
    user: {
      _id: user.id,
      name: user.name,
      email: user.email,
      organizationId: user.organizationId,
      role: user.role,
    },
    organization: { _id: user.organizationId, name: user.organizationName },
    token: { accessToken, expiresAt: expiresAt.toISOString() },
  };
}

export function authRoutes(cookies: CookieSettings): FastifyPluginCallback {
  return function registerAuthRoutes(scope, _options, done) {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['Auth'];

    app.post(
      '/register',
      { schema: { tags, body: registerBody, response: { 201: envelope(authData) } } },
      async (request, reply) => {
        const { organizationName, name, email, password } = request.body;
        if (await findUserByEmail(app.db, email))
          throw conflict(DUPLICATE_EMAIL_MESSAGE, { code: 'duplicate' });
        const user = await createOrganizationWithOwner(app.db, {
          organizationName,
          name,
          email,
          passwordHash: await hashPassword(password),
        });
        const data = await startSession(request, reply, cookies, user);
        return reply.code(201).send(ok(data, 'Account created successfully'));
      },
    );

    app.post(
      '/login',
      { schema: { tags, body: loginBody, response: { 200: envelope(authData) } } },
      async (request, reply) => {
        const { email, password } = request.body;
        const now = app.clock();
        const retryAfter = await loginRetryAfterSeconds(app.db, email, request.ip, now);
        if (retryAfter > 0) {
          throw tooManyRequests(
            'Too many failed sign-in attempts. Please try again later',
            retryAfter,
          );
        }
        const user = await findUserByEmail(app.db, email);
        // Unknown emails still pay for a hash check so response time does not reveal accounts.
        const valid = await verifyPassword(
          password,
          user?.passwordHash ?? (await dummyPasswordHash()),
        );
        if (!user || !valid) {
          await recordLoginFailure(app.db, email, request.ip, now);
          throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
        }
        await clearLoginFailures(app.db, email, request.ip);
        return ok(await startSession(request, reply, cookies, user), 'Login successful');
      },
    );

    app.post(
      '/logout',
      { schema: { tags, response: { 200: envelope(z.null()) } } },
      async (request, reply) => {
        const auth = await resolveAuth(request);
        if (auth.kind === 'session') {
          if (auth.via === 'cookie') assertCsrf(request, reply, cookies, auth.accessToken);
          await revokeSession(app.db, auth.accessToken);
        }
        clearAccessTokenCookie(request, reply, cookies);
        return ok(null, 'Logged out successfully');
      },
    );

    app.get(
      '/me',
      {
        onRequest: requireAuth(cookies),
        schema: {
          tags,
          security: [{ bearerAuth: [] }, { cookieAuth: [] }],
          response: { 200: envelope(meData) },
        },
      },
      (request) => {
        const { session } = authenticatedOf(request);
        return Promise.resolve(
          ok(
            { user: session.user, organization: session.organization },
            'Profile fetched successfully',
          ),
        );
      },
    );
    done();
  };
}
