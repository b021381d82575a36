import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { envelope } from '../../contract/common.ts';
import type { Permission } from '../../contract/permissions.ts';
import type { Database } from '../db/database.ts';
import { idParams } from './crud-routes.ts';
import { okIfFound } from './ok-if-found.ts';
import { tenantOf } from './request-auth.ts';
import type { TenantContext } from './tenant.ts';

/** An area's `GET /:id` that is not a CRUD area's (crud-area.ts builds those). */
export interface FindRoute<RecordSchema extends z.ZodType> {
  permission: Permission;
  operationId: string;
  summary: string;
  tags: string[];
  record: RecordSchema;
  find(
    db: Database,
    tenant: TenantContext,
    id: string,
  ): Promise<z.output<RecordSchema> | undefined>;
  /** The 404's message when the organization has no such record. */
  notFoundMessage: string;
  /** The envelope's message. */
  message: string;
}

/** `GET /:id`: one of the organization's records, or the 404 saying which kind is missing. */
export function registerFindRoute<RecordSchema extends z.ZodType>(
  scope: FastifyInstance,
  route: FindRoute<RecordSchema>,
) {
  scope.get(
    '/:id',
    {
      config: { permission: route.permission },
      schema: {
        operationId: route.operationId,
        summary: route.summary,
        tags: route.tags,
        params: idParams,
        response: { 200: envelope(route.record) },
      },
    },
    async (request) =>
      okIfFound(
        await route.find(scope.db, tenantOf(request), (request.params as { id: string }).id),
        route.notFoundMessage,
        route.message,
      ),
  );
}
