import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authData,
  confirmSignUpBody,
  signUpPending,
  loginBody,
  meData,
  registerBody,
  type AuthData,
} from '../../../contract/auth.ts';
import { envelope } from '../../../contract/common.ts';
import { appendAudit } from '../../lib/audit.ts';
import { ok } from '../../lib/envelope.ts';
import { failureResponse } from '../../lib/openapi-responses.ts';
import { englishFieldMessage } from '../../../contract/validation.ts';
import {
  HttpError,
  badRequest,
  conflict,
  tooManyRequests,
  unauthorized,
} from '../../lib/http-errors.ts';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { authenticatedOf } from '../../lib/request-auth.ts';
import {
  ACCESS_TOKEN_COOKIE,
  clearAccessTokenCookie,
  setSessionCookies,
  type CookieSettings,
} from '../../lib/session-cookies.ts';
import { assertCsrf, requireAuth, resolveAuth } from '../../plugins/auth.ts';
import {
  assertAddressAllowance,
  clearLoginFailures,
  loginRetryAfterSeconds,
  recordLoginFailure,
} from './attempt-throttle.ts';
import {
  DUPLICATE_EMAIL_MESSAGE,
  createOrganizationWithOwner,
  findUserByEmail,
  toSessionUser,
  type UserWithOrganization,
} from './repository.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { auditSignOut, createSession, revokeSession } from './sessions.ts';
import {
  confirmationMail,
  existingAccountMail,
  savePendingSignUp,
  takePendingSignUp,
} from './sign-up.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  cookies: CookieSettings,
  user: UserWithOrganization,
): Promise<AuthData> {
  const { accessToken, expiresAt } = await request.server.db.transaction(async (tx) => {
    const created = await createSession(
      tx,
      user.id,
      user.organizationId,
      request.server.clock(),
      request.headers['user-agent'],
    );
    await appendAudit(tx, {
      organizationId: user.organizationId,
      userId: user.id,
      action: 'signIn',
      entity: 'session',
      entityId: user.id,
    });
    return created;
  });
  setSessionCookies(request, reply, cookies, accessToken, expiresAt);
  return {
    user: toSessionUser(user, user.organizationId),
    organization: { _id: user.organizationId, name: user.organizationName },
    token: { accessToken, expiresAt: expiresAt.toISOString() },
  };
}

export const SIGN_UP_PENDING_MESSAGE = 'Check your email to finish signing up';
/** Sign-ups per address; on top of the API-wide limit, as each one may send an email. */
const REGISTER_RATE_LIMIT = { max: 10, timeWindow: 15 * 60 * 1000 };

async function sendOrUnavailable(request: FastifyRequest, mailer: Mailer, message: MailMessage) {
  try {
    await mailer.send(message);
  } catch (error) {
    request.log.error({ err: error }, 'sign-up email could not be sent');
    throw new HttpError(503, 'Email could not be sent. Please try again later', {
      code: 'service_unavailable',
    });
  }
}

/** Both ways of signing up end here: the organization and its owner, signed in, 201. */
async function openAccount(
  request: FastifyRequest,
  reply: FastifyReply,
  cookies: CookieSettings,
  account: Parameters<typeof createOrganizationWithOwner>[1],
) {
  const user = await createOrganizationWithOwner(request.server.db, account);
  const data = await startSession(request, reply, cookies, user);
  return reply.code(201).send(ok(data, 'Account created successfully'));
}

export function authRoutes(cookies: CookieSettings, mailer: Mailer | null): FastifyPluginCallback {
  return function registerAuthRoutes(scope, _options, done) {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['Auth'];

    /**
     * With mail, every sign-up answers 202 alike and the address decides by email: a new one gets
     * a code that finishes the sign-up, an existing account's owner a note that someone tried.
     * Without mail nothing can prove the address, so a taken email stays an honest 409.
     */
    app.post(
      '/register',
      {
        config: { permission: 'public', rateLimit: REGISTER_RATE_LIMIT },
        schema: {
          operationId: 'register',
          summary: 'Sign up: a new organization and its owner',
          tags,
          body: registerBody,
          response: {
            201: envelope(authData),
            202: envelope(signUpPending),
            409: failureResponse('Without mail, the email already has an account: `duplicate`'),
          },
        },
      },
      async (request, reply) => {
        const { organizationName, name, email, password, language } = request.body;
        // Hashed on every path, so the answer takes as long whether or not the email is taken.
        const passwordHash = await hashPassword(password);
        const existing = await findUserByEmail(app.db, email);
        if (mailer) {
          const message = existing
            ? existingAccountMail(email)
            : confirmationMail(
                email,
                await savePendingSignUp(
                  app.db,
                  { email, organizationName, name, passwordHash },
                  app.clock(),
                ),
              );
          await sendOrUnavailable(request, mailer, message);
          return reply
            .code(202)
            .send(ok({ confirmationRequired: true, email }, SIGN_UP_PENDING_MESSAGE));
        }
        if (existing) throw conflict(DUPLICATE_EMAIL_MESSAGE, { code: 'duplicate' });
        const account = { organizationName, name, email, passwordHash, language };
        return openAccount(request, reply, cookies, account);
      },
    );

    app.post(
      '/register/confirm',
      {
        config: { permission: 'public' },
        schema: {
          operationId: 'confirmSignUp',
          summary: 'Finish a sign-up with the emailed code',
          tags,
          description:
            'Counts against the code checks one client address may make in 15 minutes (20, ' +
            'shared with `POST /api/auth/verify-code`): past them, 429 with `Retry-After`.',
          body: confirmSignUpBody,
          response: { 201: envelope(authData) },
        },
      },
      async (request, reply) => {
        const { email, code, password, language } = request.body;
        // The mailed code is a guess like the recovery code, so it shares that allowance.
        await assertAddressAllowance(request, 'codeCheck', email);
        const pending = await takePendingSignUp(app.db, email, code, password, app.clock());
        if (!pending) {
          throw badRequest('Validation failed', [
            {
              path: 'code',
              code: 'invalid_value',
              params: { rule: 'sign_up_code' },
              message: englishFieldMessage('invalid_value', { rule: 'sign_up_code' }),
            },
          ]);
        }
        // The language comes with the code, not the stored sign-up: it is the page's language.
        return openAccount(request, reply, cookies, { ...pending, language });
      },
    );

    app.post(
      '/login',
      {
        config: { permission: 'public' },
        schema: {
          operationId: 'login',
          summary: 'Sign in with email and password',
          tags,
          body: loginBody,
          response: {
            200: envelope(authData),
            401: failureResponse(
              'Wrong email or password, or a deactivated account: `unauthenticated`',
            ),
          },
        },
      },
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
        // A deactivated account fails exactly like a wrong password: nothing tells them apart.
        if (!user || !valid || !user.isActive) {
          await recordLoginFailure(app.db, email, request.ip, now);
          throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
        }
        await clearLoginFailures(app.db, email, request.ip);
        return ok(await startSession(request, reply, cookies, user), 'Login successful');
      },
    );

    app.post(
      '/logout',
      {
        config: { permission: 'public' },
        schema: {
          operationId: 'logout',
          summary: 'Sign out: end this session',
          tags,
          response: {
            200: envelope(z.null()),
            403: failureResponse('A cookie session without its CSRF header: `csrf_failed`'),
          },
        },
      },
      async (request, reply) => {
        const auth = await resolveAuth(request);
        if (auth.kind === 'session') {
          if (auth.via === 'cookie') {
            assertCsrf(request, reply, cookies, auth.accessToken, auth.session);
          }
          const { user } = auth.session;
          await app.db.transaction(async (tx) => {
            await revokeSession(tx, auth.accessToken);
            await auditSignOut(tx, { organizationId: user.organizationId, userId: user._id });
          });
        }
        // A tab signed in by its bearer token alone (a sample workshop's) ends only its own
        // session: a cookie holding another session belongs to the browser's other tabs.
        const cookieToken = request.cookies[ACCESS_TOKEN_COOKIE];
        const cookieIsAnotherSession =
          auth.kind === 'session' && cookieToken !== undefined && cookieToken !== auth.accessToken;
        if (!cookieIsAnotherSession) clearAccessTokenCookie(request, reply, cookies);
        return ok(null, 'Logged out successfully');
      },
    );

    app.get(
      '/me',
      {
        config: { permission: 'signedIn', allowedBeforePasswordChange: true },
        onRequest: requireAuth(cookies),
        schema: {
          operationId: 'getMe',
          summary: 'The signed-in user and their organization',
          tags,
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

    registerAccountRoutes(app, cookies);
    done();
  };
}
