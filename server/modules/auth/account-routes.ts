import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBody, meData, sessionList, updateMeBody } from '../../../contract/auth.ts';
import { envelope } from '../../../contract/common.ts';
import { idParams } from '../../lib/crud-routes.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-errors.ts';
import { authenticatedOf } from '../../lib/request-auth.ts';
import { clearAccessTokenCookie, type CookieSettings } from '../../lib/session-cookies.ts';
import { requireAuth } from '../../plugins/auth.ts';
import {
  changeOwnPassword,
  listOwnSessions,
  revokeAllOwnSessions,
  revokeOwnSession,
  updateOwnProfile,
  type AccountOwner,
} from './account.ts';

function ownerOf(request: FastifyRequest): AccountOwner {
  const { session } = authenticatedOf(request);
  return {
    userId: session.user._id,
    organizationId: session.organization._id,
    tokenHash: session.tokenHash,
  };
}

/** The signed-in user's own profile, password and sessions (`/api/auth/...`). */
export function registerAccountRoutes(scope: FastifyInstance, cookies: CookieSettings) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['Account'];
  const signedIn = { permission: 'signedIn' } as const;
  const onRequest = requireAuth(cookies);

  app.put(
    '/me',
    {
      config: signedIn,
      onRequest,
      schema: {
        operationId: 'updateMe',
        tags,
        summary: 'Change your own name, phone, language and notifications',
        body: updateMeBody,
        response: { 200: envelope(meData) },
      },
    },
    async (request) => {
      const { session } = authenticatedOf(request);
      const user = await updateOwnProfile(app.db, ownerOf(request), request.body);
      return ok({ user, organization: session.organization }, 'Profile updated successfully');
    },
  );

  app.post(
    '/change-password',
    {
      // The way out of a temporary password, so it must work while one is in use.
      config: { ...signedIn, allowedBeforePasswordChange: true },
      onRequest,
      schema: {
        operationId: 'changePassword',
        tags,
        summary: 'Change your password; your other sessions end',
        body: changePasswordBody,
        response: { 200: envelope(meData) },
      },
    },
    async (request) => {
      const { session } = authenticatedOf(request);
      const user = await changeOwnPassword(app.db, ownerOf(request), request.body);
      return ok({ user, organization: session.organization }, 'Password changed successfully');
    },
  );

  app.get(
    '/sessions',
    {
      config: signedIn,
      onRequest,
      schema: {
        operationId: 'listSessions',
        tags,
        summary: 'Your live sessions',
        response: { 200: envelope(sessionList) },
      },
    },
    async (request) =>
      ok(
        { data: await listOwnSessions(app.db, ownerOf(request), app.clock()) },
        'Sessions fetched successfully',
      ),
  );

  app.delete(
    '/sessions/:id',
    {
      config: signedIn,
      onRequest,
      schema: {
        operationId: 'endSession',
        tags,
        summary: 'End one of your sessions',
        params: idParams,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
    },
    async (request, reply) => {
      const revoked = await revokeOwnSession(app.db, ownerOf(request), request.params.id);
      if (!revoked) throw notFound('Session not found');
      if (revoked.wasCurrent) clearAccessTokenCookie(request, reply, cookies);
      return ok({ _id: request.params.id }, 'Session ended');
    },
  );

  app.post(
    '/logout-all',
    {
      config: signedIn,
      onRequest,
      schema: {
        operationId: 'logoutEverywhere',
        tags,
        summary: 'Sign out everywhere, this session included',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      await revokeAllOwnSessions(app.db, ownerOf(request));
      clearAccessTokenCookie(request, reply, cookies);
      return ok(null, 'Logged out everywhere');
    },
  );
}
