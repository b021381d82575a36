import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authData } from '../../../contract/auth.ts';
import { envelope } from '../../../contract/common.ts';
import {
  sampleSessionBody,
  sampleWorkshopOpening,
  sampleWorkshopState,
} from '../../../contract/sample-workshop.ts';
import { appendAudit } from '../../lib/audit.ts';
import { ok } from '../../lib/envelope.ts';
import { conflict, notFound, unauthorized } from '../../lib/http-errors.ts';
import { failureResponse } from '../../lib/openapi-responses.ts';
import { authenticatedOf, tenantOf } from '../../lib/request-auth.ts';
import type { ResourceModule } from '../registry.ts';
import { createSession, findActiveSession } from '../auth/sessions.ts';
import {
  createSampleWorkshop,
  deleteSampleWorkshop,
  findSampleWorkshop,
  isSampleOrganization,
  issueOpening,
  redeemOpening,
} from './repository.ts';

const NOT_FOUND = 'This organization has no sample workshop';
const OPENING_REFUSED = 'The sample workshop link was used or has expired; open it again';
/** Opening tokens are 256 random bits, but a public route still gets a tight allowance. */
const SESSION_RATE_LIMIT = { max: 20, timeWindow: 15 * 60 * 1000 };

/** The sample workshop of the caller's organization: owners and admins make, open and delete it. */
const sampleWorkshopRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['Sample workshop'];

  app.get(
    '/',
    {
      config: { permission: 'setup.read' },
      schema: {
        operationId: 'getSampleWorkshop',
        tags,
        summary: "The organization's sample workshop, or null",
        response: { 200: envelope(sampleWorkshopState) },
      },
    },
    async (request) => {
      const sample = await findSampleWorkshop(app.db, tenantOf(request).organizationId);
      return ok({ sample: sample ?? null }, 'Sample workshop fetched successfully');
    },
  );

  app.post(
    '/open',
    {
      config: { permission: 'setup.write' },
      schema: {
        operationId: 'openSampleWorkshop',
        tags,
        summary: 'Make the sample workshop if there is none, and a one-time token to open it',
        description:
          'The sample is the demo data in an organization of its own, with an owner account of ' +
          'its own that has no usable password. The token (good for 2 minutes, once) goes in the ' +
          "new tab's URL fragment, which `POST /api/sample-workshop/session` exchanges for a " +
          "session of the sample's owner. A sample cannot have a sample: 409 `conflict`.",
        response: {
          200: envelope(sampleWorkshopOpening),
          404: failureResponse('The sample was deleted while it was being made: `not_found`'),
          409: failureResponse('The caller is in a sample workshop: `conflict`'),
        },
      },
    },
    async (request) => {
      const { session, tenant } = authenticatedOf(request);
      if (await isSampleOrganization(app.db, tenant.organizationId)) {
        throw conflict('A sample workshop cannot have a sample of its own');
      }
      const now = app.clock();
      const sample =
        (await findSampleWorkshop(app.db, tenant.organizationId)) ??
        (await createSampleWorkshop(app.db, tenant.organizationId, now, session.user.language)) ??
        (await findSampleWorkshop(app.db, tenant.organizationId));
      const opening = sample && (await issueOpening(app.db, tenant.organizationId, now));
      if (!sample || !opening) throw notFound(NOT_FOUND);
      return ok(
        { sample, openingToken: opening.token, expiresAt: opening.expiresAt.toISOString() },
        'Sample workshop ready to open',
      );
    },
  );

  app.delete(
    '/',
    {
      config: { permission: 'setup.write' },
      schema: {
        operationId: 'deleteSampleWorkshop',
        tags,
        summary: 'Delete the sample workshop and everything in it',
        description: "Only the sample's organization goes; the caller's is not touched.",
        response: {
          200: envelope(sampleWorkshopState),
          404: failureResponse('There is no sample workshop to delete: `not_found`'),
        },
      },
    },
    async (request) => {
      const deleted = await deleteSampleWorkshop(app.db, tenantOf(request).organizationId);
      if (!deleted) throw notFound(NOT_FOUND);
      return ok({ sample: null }, 'Sample workshop deleted');
    },
  );
  done();
};

/**
 * The one public route: the sample's tab trades its opening token for a session. The session is
 * answered in the body only and no cookie is set, as the browser's cookies belong to the tab the
 * owner opened the sample from.
 */
export const sampleSessionRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/sample-workshop/session',
    {
      config: { permission: 'public', rateLimit: SESSION_RATE_LIMIT },
      schema: {
        operationId: 'startSampleWorkshopSession',
        tags: ['Sample workshop'],
        summary: "A session of the sample's owner for the tab holding an opening token",
        description:
          'Sets no cookie: the tab sends the token as `Authorization: Bearer`. A used or expired ' +
          'opening token answers 401 `unauthenticated`.',
        body: sampleSessionBody,
        response: { 200: envelope(authData), 401: failureResponse('`unauthenticated`') },
      },
    },
    async (request) => {
      const now = app.clock();
      const created = await app.db.transaction(async (tx) => {
        const opened = await redeemOpening(tx, request.body.openingToken, now);
        if (!opened) return undefined;
        const started = await createSession(
          tx,
          opened.userId,
          opened.organizationId,
          now,
          request.headers['user-agent'],
        );
        await appendAudit(tx, {
          organizationId: opened.organizationId,
          userId: opened.userId,
          action: 'signIn',
          entity: 'session',
          entityId: opened.userId,
        });
        return started;
      });
      const session = created && (await findActiveSession(app.db, created.accessToken, now));
      if (!created || !session) throw unauthorized(OPENING_REFUSED);
      return ok(
        {
          user: session.user,
          organization: session.organization,
          token: { accessToken: created.accessToken, expiresAt: created.expiresAt.toISOString() },
        },
        'Sample workshop opened',
      );
    },
  );
  done();
};

export const resourceModule: ResourceModule = {
  prefix: '/sample-workshop',
  routes: sampleWorkshopRoutes,
};
