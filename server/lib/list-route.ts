import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { envelope, paged, type Paged } from '../../contract/common.ts';
import type { Permission } from '../../contract/permissions.ts';
import type { Database } from '../db/database.ts';
import { ok } from './envelope.ts';
import { tenantOf } from './request-auth.ts';
import type { TenantContext } from './tenant.ts';

/** An area's `GET /` that is not a CRUD area's (crud-area.ts builds those). */
export interface ListRoute<QuerySchema extends z.ZodType, RecordSchema extends z.ZodType> {
  permission: Permission;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  querystring: QuerySchema;
  record: RecordSchema;
  repository: {
    list(
      db: Database,
      tenant: TenantContext,
      query: z.output<QuerySchema>,
    ): Promise<Paged<z.output<RecordSchema>>>;
  };
  /** The envelope's message. */
  message: string;
}

/** `GET /`: one page of the organization's records, as the query filters and sorts them. */
export function registerListRoute<QuerySchema extends z.ZodType, RecordSchema extends z.ZodType>(
  scope: FastifyInstance,
  route: ListRoute<QuerySchema, RecordSchema>,
) {
  scope.get(
    '/',
    {
      config: { permission: route.permission },
      schema: {
        operationId: route.operationId,
        summary: route.summary,
        tags: route.tags,
        ...(route.description === undefined ? {} : { description: route.description }),
        querystring: route.querystring,
        response: { 200: envelope(paged(route.record)) },
      },
    },
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
