import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deleted, envelope, id, paged, pickList, type Paged } from '../../contract/common.ts';
import { tenantOf } from '../plugins/auth.ts';
import { ok } from './envelope.ts';
import { badRequest, notFound } from './http-errors.ts';
import type { TenantContext } from './tenant.ts';
import type { ListParams, TenantRepository } from './tenant-repository.ts';
import { englishFieldMessage } from '../../contract/validation.ts';
import { errorEnvelope } from '../../contract/errors.ts';
import type { AreaPermissions } from '../../contract/permissions.ts';

export interface CrudMessages {
  list: string;
  /** `GET /all`; the list's message when left out. */
  all?: string;
  get: string;
  created: string;
  updated: string;
  deleted: string;
  notFound: string;
}

export interface CrudResource<
  RecordSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  QuerySchema extends z.ZodType,
> {
  /** OpenAPI tag, e.g. "Merchants". */
  tag: string;
  schemas: {
    record: RecordSchema;
    /** What `GET /all` returns per item; defaults to the full record. */
    pickItem?: z.ZodType;
    create: CreateSchema;
    update: UpdateSchema;
    listQuery: QuerySchema;
  };
  /** `all` is needed only when the resource has a pick list. */
  repository: Omit<
    TenantRepository<
      z.output<RecordSchema>,
      z.output<CreateSchema>,
      z.output<UpdateSchema>,
      z.output<QuerySchema> & ListParams
    >,
    'all'
  > & {
    all?: TenantRepository<z.output<RecordSchema>, never, never, ListParams>['all'];
  };
  messages: CrudMessages;
  /** Reading (list, pick list, one record), creating and editing, and deleting (API.md matrix). */
  permissions: AreaPermissions;
  /** Whether `GET /all` exists; a resource without pick lists (e.g. expenses) leaves it out. */
  pickList?: boolean;
  /** Reshapes a list page before it is sent (e.g. an extra flag); its schema documents the result. */
  listPage?: {
    schema: z.ZodType;
    from: (page: Paged<z.output<RecordSchema>>) => unknown;
  };
}

export const idParams = z.object({ id });

/**
 * The 409 of a versioned write: with `stale_version`, `data` is the record as it is now, so the
 * client can show what changed and retry with its version.
 */
export const staleVersionResponse = (record: z.ZodType) =>
  errorEnvelope
    .extend({ data: record.optional() })
    .describe(
      'Conflict. `stale_version`: the record changed since it was read; `data` is the current record. ' +
        'Also `duplicate`, `invalid_transition`, `still_referenced`, `idempotency_key_reused` or `conflict`.',
    );
type IdParams = z.output<typeof idParams>;

/**
 * `organizationId` in a body is tolerated only when it names the caller's own organization
 * (the client sends back what it read); it is never used.
 */
export function assertOwnOrganization(body: unknown, tenant: TenantContext) {
  const organizationId = (body as { organizationId?: unknown } | null)?.organizationId;
  if (organizationId !== undefined && organizationId !== tenant.organizationId) {
    throw badRequest('Validation failed', [
      {
        path: 'organizationId',
        code: 'invalid_value',
        params: { rule: 'organization' },
        message: englishFieldMessage('invalid_value', { rule: 'organization' }),
      },
    ]);
  }
}

/**
 * Registers list, `GET /all`, `GET /:id`, `POST`, `PUT /:id` (merge) and `DELETE /:id` for one
 * resource inside an authenticated scope with the resource's prefix.
 */
export function registerCrudRoutes<
  RecordSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  QuerySchema extends z.ZodType,
>(
  scope: FastifyInstance,
  resource: CrudResource<RecordSchema, CreateSchema, UpdateSchema, QuerySchema>,
) {
  // Plain instance: zod validates at run time, while the generic schemas are too abstract for
  // the type provider to infer through; handlers cast to the schemas' outputs instead.
  const app = scope;
  const { repository, messages, schemas, tag, permissions } = resource;
  const read = { permission: permissions.read };
  const write = { permission: permissions.write };
  const remove = { permission: permissions.delete };
  const tags = [tag];
  const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];

  app.get(
    '/',
    {
      config: read,
      schema: {
        tags,
        security,
        querystring: schemas.listQuery,
        response: { 200: envelope(resource.listPage?.schema ?? paged(schemas.record)) },
      },
    },
    async (request) => {
      const query = request.query as z.output<QuerySchema> & ListParams;
      const page = await repository.list(app.db, tenantOf(request), query);
      return ok(resource.listPage ? resource.listPage.from(page) : page, messages.list);
    },
  );

  if (resource.pickList ?? true) {
    const all = repository.all;
    if (!all) throw new Error(`${tag}: a pick list needs a repository with all()`);
    app.get(
      '/all',
      {
        config: read,
        schema: {
          tags,
          security,
          response: { 200: envelope(pickList(schemas.pickItem ?? schemas.record)) },
        },
      },
      async (request) =>
        ok({ data: await all(app.db, tenantOf(request)) }, messages.all ?? messages.list),
    );
  }

  app.get(
    '/:id',
    {
      config: read,
      schema: { tags, security, params: idParams, response: { 200: envelope(schemas.record) } },
    },
    async (request) => {
      const record = await repository.findById(
        app.db,
        tenantOf(request),
        (request.params as IdParams).id,
      );
      if (!record) throw notFound(messages.notFound);
      return ok(record, messages.get);
    },
  );

  app.post(
    '/',
    {
      config: write,
      schema: { tags, security, body: schemas.create, response: { 201: envelope(schemas.record) } },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      assertOwnOrganization(request.body, tenant);
      const record = await repository.create(
        app.db,
        tenant,
        request.body as z.output<CreateSchema>,
      );
      return reply.code(201).send(ok(record, messages.created));
    },
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        security,
        params: idParams,
        body: schemas.update,
        response: { 200: envelope(schemas.record), 409: staleVersionResponse(schemas.record) },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      assertOwnOrganization(request.body, tenant);
      const record = await repository.update(
        app.db,
        tenant,
        (request.params as IdParams).id,
        request.body as z.output<UpdateSchema>,
      );
      if (!record) throw notFound(messages.notFound);
      return ok(record, messages.updated);
    },
  );

  app.delete(
    '/:id',
    {
      config: remove,
      schema: { tags, security, params: idParams, response: { 200: envelope(deleted) } },
    },
    async (request) => {
      const removedId = await repository.remove(
        app.db,
        tenantOf(request),
        (request.params as IdParams).id,
      );
      if (!removedId) throw notFound(messages.notFound);
      return ok({ _id: removedId }, messages.deleted);
    },
  );
}
