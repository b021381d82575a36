import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { deleted, envelope, id, paged, pickList, type Paged } from '../../contract/common.ts';
import { tenantOf } from './request-auth.ts';
import { ok } from './envelope.ts';
import { badRequest, notFound } from './http-errors.ts';
import type { TenantContext } from './tenant.ts';
import type { ListParams, TenantRepository } from './tenant-repository.ts';
import { englishFieldMessage } from '../../contract/validation.ts';
import { errorEnvelope } from '../../contract/common.ts';
import { csvResponse, failureResponse } from './openapi-responses.ts';
import type { AreaPermissions, Permission } from '../../contract/permissions.ts';
import type { Database } from '../db/database.ts';
import { language } from '../../contract/auth.ts';
import { resolveCsv, sendCsv, type CsvExport } from './csv-export.ts';
import {
  assertSortReadable,
  hiddenFieldsFor,
  readableFor,
  withReadableConflict,
  type FieldGuard,
} from './field-guard.ts';
import { parseOrThrow } from './validation.ts';
import {
  importRequest,
  importResult,
  type ImportRequest,
  type ImportResource,
} from '../../contract/data-io.ts';
import { IMPORT_BODY_LIMIT_BYTES, importRows } from './import-rows.ts';
import type { TenantTable } from './tenant-repository.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';

interface CrudMessages {
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
  /** OpenAPI tag and the plural the operations are named by, e.g. "Merchants", "Bank details". */
  tag: string;
  /** One record, e.g. "Merchant": `getMerchant`, `createMerchant`, `exportMerchantsCsv`. */
  singular: string;
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
  /** Reading (list, pick list, one record), creating and editing, and deleting (contract/permissions.ts). */
  permissions: AreaPermissions;
  /** Whether `GET /all` exists; a resource without pick lists (e.g. expenses) leaves it out. */
  pickList?: boolean;
  /**
   * `GET /export.csv`: the list's rows for its filters and sort, every page, as CSV (one line
   * opts a resource in: `csv: { namespace: 'payments' }`).
   */
  csv?: CsvExport;
  /**
   * `POST /import` (owner only): many records from a spreadsheet in one transaction; rows the
   * create schema refuses, or whose `unique` column repeats, are reported by their line instead.
   */
  importable?: { resource: ImportResource; table: TenantTable; unique: PgColumn };
  /**
   * Fields only roles with `permission` may read (a worker's pay): every record, pick-list item
   * and CSV this resource sends to another role leaves them out.
   */
  guardedFields?: FieldGuard;
  /** Reshapes a list page before it is sent (e.g. an extra flag); its schema documents the result. */
  listPage?: {
    schema: z.ZodType;
    from: (page: Paged<z.output<RecordSchema>>) => unknown;
  };
}

export const idParams = z.object({ id });

/** What the CSV route itself reads; the rest is the list's query, checked by the list's schema. */
const exportQuery = z.looseObject({ lang: language.optional() });

/**
 * The 409 of a versioned write: with `stale_version`, `data` is the record as it is now, so the
 * client can show what changed and retry with its version.
 */
export const staleVersionResponse = (record: z.ZodType) =>
  failureResponse(
    'Conflict. `stale_version`: the record changed since it was read; `data` is the current record. ' +
      'Also `duplicate`, `invalid_transition`, `still_referenced`, `idempotency_key_reused` or `conflict`.',
    errorEnvelope.extend({ data: record.optional() }),
  );

/** `Bank details` -> `BankDetails`: the words of a name as part of an operationId. */
const pascalCase = (words: string) =>
  words
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
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

export interface CsvExportRoute {
  tag: string;
  /** What the rows are, plural: `Merchants` names `exportMerchantsCsv`. */
  plural: string;
  /** The list's read permission. */
  permission: Permission;
  listQuery: z.ZodType;
  csv: CsvExport;
  /** Columns (by key) only some roles may read. */
  guardedFields?: FieldGuard;
  /** Every record matching the list query without its page and limit, in its order. */
  rows: (
    db: Database,
    tenant: TenantContext,
    query: Record<string, unknown>,
  ) => AsyncIterable<Record<string, unknown>>;
}

/**
 * `GET /export.csv` beside a list: the same query (filters and sort) as the list, every page, as
 * CSV whose headers are in `lang`. A plain link downloads it: the session cookie authenticates and
 * a GET needs no CSRF token (it changes nothing).
 */
export function registerCsvExport(app: FastifyInstance, route: CsvExportRoute) {
  app.get(
    '/export.csv',
    {
      config: { permission: route.permission },
      schema: {
        tags: [route.tag],
        operationId: `export${pascalCase(route.plural)}Csv`,
        summary: `Export ${route.plural.toLowerCase()} as CSV`,
        // The list's own query, validated below with the list's schema, plus the language.
        querystring: exportQuery,
        response: { 200: csvResponse() },
        description:
          'Every row of the list for the same filters and sort (all pages), streamed as UTF-8 ' +
          'CSV with a BOM; headers in `lang` (en, gu, hi). Accepts the list query.',
      },
    },
    async (request, reply) => {
      const { lang, ...listParams } = request.query as z.output<typeof exportQuery>;
      const {
        page: _page,
        limit: _limit,
        ...query
      } = parseOrThrow(route.listQuery, listParams) as Record<string, unknown>;
      return sendCsv(
        reply,
        resolveCsv(route.csv, lang ?? 'en', hiddenFieldsFor(request, route.guardedFields)),
        route.rows(app.db, tenantOf(request), query),
        app.clock(),
      );
    },
  );
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
  const { repository, messages, schemas, tag, permissions, guardedFields } = resource;
  /** The record as the caller's role may read it. */
  const readable = <T>(request: FastifyRequest, record: T): T =>
    readableFor(request, guardedFields)(record);
  const one = pascalCase(resource.singular);
  const many = pascalCase(tag);
  const oneLower = resource.singular.toLowerCase();
  const aOne = `${/^[aeiou]/.test(oneLower) ? 'an' : 'a'} ${oneLower}`;
  const manyLower = tag.toLowerCase();
  const read = { permission: permissions.read };
  const write = { permission: permissions.write };
  const remove = { permission: permissions.delete };
  const tags = [tag];

  app.get(
    '/',
    {
      config: read,
      schema: {
        tags,
        operationId: `list${many}`,
        summary: `List ${manyLower}, a page at a time, filtered and sorted`,
        querystring: schemas.listQuery,
        response: { 200: envelope(resource.listPage?.schema ?? paged(schemas.record)) },
      },
    },
    async (request) => {
      const query = request.query as z.output<QuerySchema> & ListParams;
      assertSortReadable(request, guardedFields, query.sort);
      const found = await repository.list(app.db, tenantOf(request), query);
      const page = { ...found, data: found.data.map((record) => readable(request, record)) };
      return ok(resource.listPage ? resource.listPage.from(page) : page, messages.list);
    },
  );

  if (resource.csv) {
    registerCsvExport(app, {
      tag,
      plural: tag,
      permission: permissions.read,
      listQuery: schemas.listQuery,
      csv: resource.csv,
      guardedFields,
      rows: (db, tenant, query) =>
        repository.exportRows(
          db,
          tenant,
          query as z.output<QuerySchema> & ListParams,
        ) as AsyncIterable<Record<string, unknown>>,
    });
  }

  if (resource.importable) {
    const { importable } = resource;
    app.post(
      '/import',
      {
        config: { permission: 'backup.import' },
        // A few thousand rows of text are larger than the API's usual limit.
        bodyLimit: IMPORT_BODY_LIMIT_BYTES,
        schema: {
          tags,
          operationId: `import${many}`,
          summary: `Import ${manyLower} from spreadsheet rows`,
          description:
            'Creates the valid rows in one transaction; every other row is reported by its line ' +
            '(`duplicate` when its name or code exists or repeats in the file).',
          body: importRequest,
          response: { 200: envelope(importResult) },
        },
      },
      async (request) => {
        const { rows } = request.body as ImportRequest;
        const result = await importRows(app.db, tenantOf(request), rows, {
          ...importable,
          create: schemas.create,
          repository,
        });
        return ok(result, `${result.imported} records imported`);
      },
    );
  }

  if (resource.pickList ?? true) {
    const all = repository.all;
    if (!all) throw new Error(`${tag}: a pick list needs a repository with all()`);
    app.get(
      '/all',
      {
        config: read,
        schema: {
          tags,
          operationId: `list${one}Choices`,
          summary: `Every ${oneLower}, unpaged, for a picker`,
          response: { 200: envelope(pickList(schemas.pickItem ?? schemas.record)) },
        },
      },
      async (request) => {
        const records = await all(app.db, tenantOf(request));
        return ok(
          { data: records.map((record) => readable(request, record)) },
          messages.all ?? messages.list,
        );
      },
    );
  }

  app.get(
    '/:id',
    {
      config: read,
      schema: {
        tags,
        operationId: `get${one}`,
        summary: `Get one ${oneLower}`,
        params: idParams,
        response: { 200: envelope(schemas.record) },
      },
    },
    async (request) => {
      const record = await repository.findById(
        app.db,
        tenantOf(request),
        (request.params as IdParams).id,
      );
      if (!record) throw notFound(messages.notFound);
      return ok(readable(request, record), messages.get);
    },
  );

  app.post(
    '/',
    {
      config: write,
      schema: {
        tags,
        operationId: `create${one}`,
        summary: `Create ${aOne}`,
        body: schemas.create,
        response: { 201: envelope(schemas.record) },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      assertOwnOrganization(request.body, tenant);
      const record = await repository.create(
        app.db,
        tenant,
        request.body as z.output<CreateSchema>,
      );
      return reply.code(201).send(ok(readable(request, record), messages.created));
    },
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        operationId: `update${one}`,
        summary: `Change ${aOne}: the fields sent, at the version read`,
        params: idParams,
        body: schemas.update,
        response: { 200: envelope(schemas.record), 409: staleVersionResponse(schemas.record) },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      assertOwnOrganization(request.body, tenant);
      const record = await withReadableConflict(
        repository.update(
          app.db,
          tenant,
          (request.params as IdParams).id,
          request.body as z.output<UpdateSchema>,
        ),
        readableFor(request, guardedFields),
      );
      if (!record) throw notFound(messages.notFound);
      return ok(readable(request, record), messages.updated);
    },
  );

  app.delete(
    '/:id',
    {
      config: remove,
      schema: {
        tags,
        operationId: `delete${one}`,
        summary: `Delete ${aOne}`,
        params: idParams,
        response: { 200: envelope(deleted) },
      },
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
