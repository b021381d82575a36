// The routes of an area that outgrows crudModule (crud-area.ts builds a CRUD area's): each states
// its facts and the one function that reads or writes; the envelope, the status codes and the
// 404 naming what is missing are the same for every area.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelope, paged, type Paged } from '../../contract/common.ts';
import type { Permission } from '../../contract/permissions.ts';
import type { Database } from '../db/database.ts';
import { idParams, staleVersionResponse } from './crud-routes.ts';
import { ok } from './envelope.ts';
import { okIfFound } from './ok-if-found.ts';
import { tenantOf } from './request-auth.ts';
import type { TenantContext } from './tenant.ts';

/** What every route states besides how it answers: who may call it and how the document names it. */
interface RouteFacts<RecordSchema extends z.ZodType> {
  permission: Permission;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  record: RecordSchema;
  /** The envelope's message. */
  message: string;
}

function declaration(route: RouteFacts<z.ZodType>, schema: Record<string, unknown>) {
  const { permission, operationId, summary, description, tags } = route;
  return {
    config: { permission },
    schema: {
      operationId,
      summary,
      tags,
      ...(description === undefined ? {} : { description }),
      ...schema,
    },
  };
}

export interface ListRoute<
  QuerySchema extends z.ZodType,
  RecordSchema extends z.ZodType,
> extends RouteFacts<RecordSchema> {
  querystring: QuerySchema;
  repository: {
    list(
      db: Database,
      tenant: TenantContext,
      query: z.output<QuerySchema>,
    ): Promise<Paged<z.output<RecordSchema>>>;
  };
}

/** `GET /`: one page of the organization's records, as the query filters and sorts them. */
export function registerListRoute<QuerySchema extends z.ZodType, RecordSchema extends z.ZodType>(
  scope: FastifyInstance,
  route: ListRoute<QuerySchema, RecordSchema>,
) {
  scope.get(
    '/',
    declaration(route, {
      querystring: route.querystring,
      response: { 200: envelope(paged(route.record)) },
    }),
    async (request) =>
      ok(
        await route.repository.list(
          scope.db,
          tenantOf(request),
          request.query as z.output<QuerySchema>,
        ),
        route.message,
      ),
  );
}

export interface FindRoute<RecordSchema extends z.ZodType> extends RouteFacts<RecordSchema> {
  find(
    db: Database,
    tenant: TenantContext,
    id: string,
  ): Promise<z.output<RecordSchema> | undefined>;
  /** The 404's message when the organization has no such record. */
  notFoundMessage: string;
}

/** `GET /:id`: one of the organization's records, or the 404 saying which kind is missing. */
export function registerFindRoute<RecordSchema extends z.ZodType>(
  scope: FastifyInstance,
  route: FindRoute<RecordSchema>,
) {
  scope.get(
    '/:id',
    declaration(route, { params: idParams, response: { 200: envelope(route.record) } }),
    async (request) =>
      okIfFound(
        await route.find(scope.db, tenantOf(request), idOf(request)),
        route.notFoundMessage,
        route.message,
      ),
  );
}

export interface CreateRoute<
  Body extends z.ZodType,
  RecordSchema extends z.ZodType,
> extends RouteFacts<RecordSchema> {
  body: Body;
  /** Writes the record; the request gives the writer (tenant, actor, role). */
  create(body: z.output<Body>, request: FastifyRequest): Promise<z.output<RecordSchema>>;
}

/** `POST /`: the new record in the envelope with 201. */
export function registerCreateRoute<Body extends z.ZodType, RecordSchema extends z.ZodType>(
  scope: FastifyInstance,
  route: CreateRoute<Body, RecordSchema>,
) {
  scope.post(
    '/',
    declaration(route, { body: route.body, response: { 201: envelope(route.record) } }),
    async (request, reply) => {
      const record = await route.create(request.body as z.output<Body>, request);
      return reply.code(201).send(ok(record, route.message));
    },
  );
}

export interface UpdateRoute<
  Body extends z.ZodType,
  RecordSchema extends z.ZodType,
> extends RouteFacts<RecordSchema> {
  body: Body;
  /** The changed record at the version sent, or undefined when there is no such record. */
  update(
    id: string,
    body: z.output<Body>,
    request: FastifyRequest,
  ): Promise<z.output<RecordSchema> | undefined>;
  /** The 404's message when the organization has no such record. */
  notFoundMessage: string;
}

/** `PUT /:id`: the changed record, the 404 naming what is missing, or 409 for a stale version. */
export function registerUpdateRoute<Body extends z.ZodType, RecordSchema extends z.ZodType>(
  scope: FastifyInstance,
  route: UpdateRoute<Body, RecordSchema>,
) {
  scope.put(
    '/:id',
    declaration(route, {
      params: idParams,
      body: route.body,
      response: { 200: envelope(route.record), 409: staleVersionResponse(route.record) },
    }),
    async (request) =>
      okIfFound(
        await route.update(idOf(request), request.body as z.output<Body>, request),
        route.notFoundMessage,
        route.message,
      ),
  );
}

/** The `:id` that `idParams` has already checked. */
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
