import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { errorEnvelope } from '../../contract/common.ts';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_COOKIE, declareAccessOfScope } from './auth.ts';
import { docsContentSecurityPolicy } from './security.ts';

const DOCS_PREFIX = '/api/docs';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input: `validation_failed`, with `errors[]` naming each field, its code and params',
  401: 'Not signed in or the session is over: `unauthenticated`',
  403: 'Forbidden: `forbidden`, `csrf_failed` for a cookie-authenticated write without the matching CSRF header, or `password_change_required` while a temporary password is in use',
  404: 'No such record in the organization: `not_found`',
  409: 'Conflict: `duplicate`, `invalid_transition`, `still_referenced`, `stale_version`, `idempotency_key_reused`, `last_owner`, `own_account` or `conflict`',
  413: 'Body over 1 MB: `payload_too_large`',
  415: 'Not JSON: `unsupported_media_type`',
  429: 'Too many requests: `rate_limited`, with a Retry-After header',
  500: 'Unexpected failure: `internal` (logged with the request id)',
  503: 'The database cannot serve requests: `service_unavailable`',
  507: 'The disk holding the database is full, nothing was saved: `storage_full`',
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The failures an operation can answer with, by what the route takes and whether it is guarded. */
function errorStatusesFor(route: RouteOptions): number[] {
  const methods = [route.method].flat().map(String);
  const writes = methods.some((method) => WRITE_METHODS.has(method));
  const guarded = Array.isArray(route.schema?.security) && route.schema.security.length > 0;
  const statuses = [400, 429, 500, 503];
  if (guarded) statuses.push(401, 403);
  if (route.url.includes(':')) statuses.push(404);
  if (writes) statuses.push(409, 413, 415, 507);
  return statuses.sort((a, b) => a - b);
}

/**
 * Every API operation documents its error responses with the failure envelope, so a generated
 * client knows their shape and codes. Runs for each route as it is added.
 */
export function documentErrorResponses(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const schema = (route.schema ??= {});
    const response = (schema.response ??= {}) as Record<number, unknown>;
    for (const status of errorStatusesFor(route)) {
      response[status] ??= errorEnvelope.describe(ERROR_DESCRIPTIONS[status] ?? 'Failure');
    }
  });
}

/** OpenAPI generated from the routes' zod schemas: `/api/openapi.json`, UI at `/api/docs`. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Karkhana API',
        description:
          'Orders, designs, workers, salaries, expenses, bills and payments of a workshop.',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: ACCESS_TOKEN_COOKIE },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    declareAccessOfScope(docs, 'public');
    await docs.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
  });

  app.get(
    '/api/openapi.json',
    { config: { permission: 'public' }, schema: { hide: true } },
    (_request, reply) => reply.send(app.swagger()),
  );

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url === DOCS_PREFIX || request.url.startsWith(`${DOCS_PREFIX}/`)) {
      reply.header('content-security-policy', docsContentSecurityPolicy);
    }
    return payload;
  });
}
