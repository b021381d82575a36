import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { registerSchemaIds } from '../../contract/schema-ids.ts';
import { failureResponse } from '../lib/openapi-responses.ts';
import { ACCESS_TOKEN_COOKIE, XSRF_HEADER } from '../lib/session-cookies.ts';
import { declareAccessOfScope } from './auth.ts';
import { keepReachableComponents } from './openapi-components.ts';
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

/** Reads authenticate by the bearer token or the session cookie. */
const READ_SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
/** A cookie-authenticated write also echoes the CSRF token in its header. */
const WRITE_SECURITY: Record<string, string[]>[] = [
  { bearerAuth: [] },
  { cookieAuth: [], csrfHeader: [] },
];

const isWrite = (route: RouteOptions) =>
  [route.method].flat().some((method) => WRITE_METHODS.has(String(method)));
const isPublic = (route: RouteOptions) => route.config?.permission === 'public';

/**
 * The failures any route of its kind can answer: bad input or URL, the rate limit and the
 * database everywhere; the session checks behind authentication; a missing record with an id in
 * the path; body limits, media type and a full disk on writes; and, behind authentication, the
 * conflicts of a write (at the least a reused `Idempotency-Key`). A route adds its own (a 404 of
 * a record named in the body, a login's 401) in its schema.
 */
function errorStatusesFor(route: RouteOptions): number[] {
  const statuses = [400, 429, 500, 503];
  if (!isPublic(route)) statuses.push(401, 403);
  if (route.url.includes(':')) statuses.push(404);
  if (isWrite(route)) {
    statuses.push(413, 415, 507);
    if (!isPublic(route)) statuses.push(409);
  }
  return statuses;
}

interface OperationSchema extends FastifySchema {
  hide?: boolean;
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  response?: Record<string, unknown>;
}

/** Security and failures are the same for every route of a kind, so they are added here. */
function withSecurityAndFailures(route: RouteOptions, schema: OperationSchema): OperationSchema {
  const response: Record<string, unknown> = { ...schema.response };
  for (const status of errorStatusesFor(route)) {
    response[status] ??= failureResponse(ERROR_DESCRIPTIONS[status] ?? 'Failure');
  }
  const security = isPublic(route) ? [] : isWrite(route) ? WRITE_SECURITY : READ_SECURITY;
  return { ...schema, security: schema.security ?? security, response };
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

const documentOperation: SwaggerTransform = (document) => {
  const schema = document.schema as OperationSchema | undefined;
  if (!schema || schema.hide || !document.url.startsWith('/api/')) return zodTransform(document);
  return zodTransform({ ...document, schema: withSecurityAndFailures(document.route, schema) });
};

/** A documented API route; the HEAD twin Fastify adds to every GET is left out, as in the document. */
function isDocumentedRoute(route: RouteOptions) {
  return (
    route.url.startsWith('/api/') &&
    !(route.schema as OperationSchema | undefined)?.hide &&
    [route.method].flat().some((method) => method !== 'HEAD')
  );
}

const OPERATION_ID = /^[a-z][a-zA-Z0-9]+$/;

/**
 * Makes every documented API route name its operation (a unique camelCase `operationId`) and say
 * what it does (`summary`), so a generated client never gets anonymous methods. Like the access
 * check in auth.ts: `verify` throws for the routes that do not, so buildApp fails.
 */
export function registerOperationCheck(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (isDocumentedRoute(route)) routes.push(route);
  });
  return () => {
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const route of routes) {
      const name = `${[route.method].flat().join(',')} ${route.url}`;
      const { operationId, summary } = (route.schema ?? {}) as OperationSchema;
      if (!operationId || !OPERATION_ID.test(operationId)) {
        problems.push(`${name}: no camelCase operationId`);
      } else if (seen.has(operationId)) {
        problems.push(`${name}: operationId ${operationId} is also ${seen.get(operationId)}`);
      } else {
        seen.set(operationId, name);
      }
      if (!summary?.trim()) problems.push(`${name}: no summary`);
    }
    if (problems.length > 0) {
      throw new Error(`API routes not fully documented: ${problems.join('; ')}`);
    }
  };
}

/** OpenAPI generated from the routes' zod schemas: `/api/openapi.json`, UI at `/api/docs`. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  registerSchemaIds();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Karkhana API',
        description:
          'Orders, designs, workers, salaries, expenses, bills and payments of a workshop. ' +
          'Every answer is an envelope: `{ success: true, data, message }`, or on failure ' +
          '`{ success: false, code, message, errors? }` whose `code` says why.',
        version,
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: ACCESS_TOKEN_COOKIE },
          csrfHeader: {
            type: 'apiKey',
            in: 'header',
            name: XSRF_HEADER,
            description:
              'The value of the `XSRF-TOKEN` cookie, sent back on writes authenticated by the cookie',
          },
        },
      },
    },
    transform: documentOperation,
    transformObject: (document) => keepReachableComponents(jsonSchemaTransformObject(document)),
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
