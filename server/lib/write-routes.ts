import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Permission } from '../../contract/permissions.ts';
import { envelope } from '../../contract/common.ts';
import { idParams, staleVersionResponse } from './crud-routes.ts';
import { ok } from './envelope.ts';
import { okIfFound } from './ok-if-found.ts';

/** What an area's `POST /` or `PUT /:id` states besides how it writes. */
interface WriteRoute<Body extends z.ZodType, RecordSchema extends z.ZodType> {
  permission: Permission;
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  body: Body;
  record: RecordSchema;
  /** The envelope's message. */
  message: string;
}

/** An area's `POST /` that is not a CRUD area's (crud-area.ts builds those). */
export interface CreateRoute<
  Body extends z.ZodType,
  RecordSchema extends z.ZodType,
> extends WriteRoute<Body, RecordSchema> {
  /** Writes the record; the request gives the writer (tenant, actor, role). */
  create(body: z.output<Body>, request: FastifyRequest): Promise<z.output<RecordSchema>>;
}

/** An area's `PUT /:id` at the version read, that is not a CRUD area's. */
export interface UpdateRoute<
  Body extends z.ZodType,
  RecordSchema extends z.ZodType,
> extends WriteRoute<Body, RecordSchema> {
  /** The changed record, or undefined when the organization has no such record. */
  update(
    id: string,
    body: z.output<Body>,
    request: FastifyRequest,
  ): Promise<z.output<RecordSchema> | undefined>;
  /** The 404's message when the organization has no such record. */
  notFoundMessage: string;
}

function documentFacts<Body extends z.ZodType>(route: WriteRoute<Body, z.ZodType>) {
  const { operationId, tags, summary, description, body } = route;
  return { operationId, tags, summary, ...(description ? { description } : {}), body };
}

/** `POST /`: the new record in the envelope with 201. */
export function registerCreateRoute<Body extends z.ZodType, RecordSchema extends z.ZodType>(
  scope: FastifyInstance,
  route: CreateRoute<Body, RecordSchema>,
) {
  scope.post(
    '/',
    {
      config: { permission: route.permission },
      schema: { ...documentFacts(route), response: { 201: envelope(route.record) } },
    },
    async (request, reply) => {
      const record = await route.create(request.body as z.output<Body>, request);
      return reply.code(201).send(ok(record, route.message));
    },
  );
}

/** `PUT /:id`: the changed record, the 404 naming what is missing, or 409 for a stale version. */
export function registerUpdateRoute<Body extends z.ZodType, RecordSchema extends z.ZodType>(
  scope: FastifyInstance,
  route: UpdateRoute<Body, RecordSchema>,
) {
  scope.put(
    '/:id',
    {
      config: { permission: route.permission },
      schema: {
        ...documentFacts(route),
        params: idParams,
        response: { 200: envelope(route.record), 409: staleVersionResponse(route.record) },
      },
    },
    async (request) =>
      okIfFound(
        await route.update(
          (request.params as { id: string }).id,
          request.body as z.output<Body>,
          request,
        ),
        route.notFoundMessage,
        route.message,
      ),
  );
}
