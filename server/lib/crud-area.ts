import type { FastifyInstance, FastifyPluginCallback, FastifyRequest } from 'fastify';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { deleted, paged, pickList, type Paged } from '../../contract/common.ts';
import {
  IMPORT_RESOURCES,
  importRequest,
  importResult,
  type ImportRequest,
  type ImportResource,
} from '../../contract/data-io.ts';
import { CRUD_PERMISSIONS } from '../../contract/permissions.ts';
import type { ResourceModule } from '../modules/registry.ts';
import type { CsvExport } from './csv-export.ts';
import { crudMessages } from './crud-messages.ts';
import { idParams, pascalCase, registerCsvExport } from './crud-routes.ts';
import { ok } from './envelope.ts';
import {
  assertSortReadable,
  readableFor,
  withReadableConflict,
  type FieldGuard,
} from './field-guard.ts';
import { notFound } from './http-errors.ts';
import { IMPORT_BODY_LIMIT_BYTES, importRows } from './import-rows.ts';
import { tenantOf } from './request-auth.ts';
import { routeOptions } from './route-options.ts';
import type { ListParams, TenantRepository, TenantTable } from './tenant-repository.ts';
import { writingTenant } from './writing-tenant.ts';

/** How an area whose name is not one plural word calls itself (bank details, worker salaries). */
interface AreaNames {
  /** Its key in `CRUD_PERMISSIONS`: `bankDetails`. */
  permissions: keyof typeof CRUD_PERMISSIONS;
  /** The OpenAPI tag and the plural the operations and the list's message say: `Bank details`. */
  plural: string;
  /** One record: `Bank detail` names `getBankDetail` and says "Bank detail fetched successfully". */
  singular: string;
  /** One record in the write messages and the 404, when not `singular`: `Worker salary entry`. */
  entry?: string;
}

type AreaNaming =
  | {
      /** The area's one plural word: its path, its CSV namespace and its key in `CRUD_PERMISSIONS`. */
      area: keyof typeof CRUD_PERMISSIONS;
      names?: never;
    }
  | {
      /** The area's path and CSV namespace: `bank-details`. */
      area: string;
      names: AreaNames;
    };

interface CrudSchemas<
  RecordSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  QuerySchema extends z.ZodType,
> {
  record: RecordSchema;
  /** What `GET /all` returns per item; defaults to the full record. */
  pickItem?: z.ZodType;
  create: CreateSchema;
  update: UpdateSchema;
  listQuery: QuerySchema;
}

interface CrudAreaDefinition<
  RecordSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  QuerySchema extends z.ZodType,
> {
  schemas: CrudSchemas<RecordSchema, CreateSchema, UpdateSchema, QuerySchema>;
  /** `all` is needed only when the area has a pick list. */
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
  /** Whether `GET /all` exists; an area without pick lists (e.g. expenses) leaves it out. */
  pickList?: boolean;
  /**
   * For an area whose records a spreadsheet imports (`IMPORT_RESOURCES`), `POST /import` (owner
   * only): the import's table and the column a row repeats only by mistake. Rows the create
   * schema refuses, or whose `unique` column repeats, are reported by their line instead.
   */
  importable?: { table: TenantTable; unique: PgColumn };
  /** The CSV export's columns when not every field of the form, in its order. */
  csvColumns?: CsvExport['columns'];
  /**
   * Fields only roles with `permission` may read (a worker's pay): every record, pick-list item
   * and CSV this area sends to another role leaves them out.
   */
  guardedFields?: FieldGuard;
  /** Reshapes a list page before it is sent (e.g. an extra flag); its schema documents the result. */
  listPage?: {
    schema: z.ZodType;
    from: (page: Paged<z.output<RecordSchema>>) => unknown;
  };
  /** Routes the area serves besides its CRUD ones, in the same scope. */
  moreRoutes?: (scope: FastifyInstance) => void;
  /** Registers `moreRoutes` before the CRUD routes, so the API document lists them first. */
  moreRoutesFirst?: boolean;
}

type CrudArea<
  RecordSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  QuerySchema extends z.ZodType,
> = CrudAreaDefinition<RecordSchema, CreateSchema, UpdateSchema, QuerySchema> & {
  path: string;
  names: Required<AreaNames>;
};

function importResource(area: string): ImportResource {
  const resource = IMPORT_RESOURCES.find((candidate) => candidate === area);
  // Found when the server starts, like a route without a permission.
  if (!resource) throw new Error(`${area} is not among the areas a spreadsheet imports`);
  return resource;
}

/** "designs": the tag is the word capitalized ("Designs"), one record is it without its s. */
function namesOf(naming: AreaNaming): Required<AreaNames> {
  if (naming.names) return { entry: naming.names.singular, ...naming.names };
  const plural = naming.area.charAt(0).toUpperCase() + naming.area.slice(1);
  const singular = plural.replace(/s$/, '');
  return { permissions: naming.area, plural, singular, entry: singular };
}

/**
 * List, `GET /export.csv`, `POST /import` (importable areas), `GET /all` (unless `pickList` is
 * false), `GET /:id`, `POST`, `PUT /:id` (merge) and `DELETE /:id` of one area, inside an
 * authenticated scope with the area's prefix.
 */
function registerCrudRoutes<
  RecordSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  QuerySchema extends z.ZodType,
>(scope: FastifyInstance, area: CrudArea<RecordSchema, CreateSchema, UpdateSchema, QuerySchema>) {
  // Plain instance: zod validates at run time, while the generic schemas are too abstract for
  // the type provider to infer through; handlers cast to the schemas' outputs instead.
  const app = scope;
  const { repository, guardedFields, names } = area;
  // Widened for the same reason: the reply types of a generic response schema do not resolve.
  const schemas: CrudSchemas<z.ZodType, z.ZodType, z.ZodType, z.ZodType> = area.schemas;
  const messages = crudMessages(names.plural, names.singular, names.entry);
  const permissions = CRUD_PERMISSIONS[names.permissions];
  /** The record as the caller's role may read it. */
  const readable = <T>(request: FastifyRequest, record: T): T =>
    readableFor(request, guardedFields)(record);
  const one = pascalCase(names.singular);
  const many = pascalCase(names.plural);
  const oneLower = names.singular.toLowerCase();
  const aOne = `${/^[aeiou]/.test(oneLower) ? 'an' : 'a'} ${oneLower}`;
  const manyLower = names.plural.toLowerCase();
  const read = { permission: permissions.read };
  const write = { permission: permissions.write };
  const remove = { permission: permissions.delete };
  const tags = [names.plural];
  const idOf = (request: FastifyRequest) => (request.params as z.output<typeof idParams>).id;

  app.get(
    '/',
    routeOptions(read, {
      tags,
      operationId: `list${many}`,
      summary: `List ${manyLower}, a page at a time, filtered and sorted`,
      querystring: schemas.listQuery,
      data: area.listPage?.schema ?? paged(schemas.record),
    }),
    async (request) => {
      const query = request.query as z.output<QuerySchema> & ListParams;
      assertSortReadable(request, guardedFields, query.sort);
      const found = await repository.list(app.db, tenantOf(request), query);
      const page = { ...found, data: found.data.map((record) => readable(request, record)) };
      return ok(area.listPage ? area.listPage.from(page) : page, messages.list);
    },
  );

  registerCsvExport(app, {
    tag: names.plural,
    plural: names.plural,
    permission: permissions.read,
    listQuery: schemas.listQuery,
    csv: { namespace: area.path, columns: area.csvColumns },
    guardedFields,
    rows: (db, tenant, query) =>
      repository.exportRows(
        db,
        tenant,
        query as z.output<QuerySchema> & ListParams,
      ) as AsyncIterable<Record<string, unknown>>,
  });

  if (area.importable) {
    const importable = { ...area.importable, resource: importResource(area.path) };
    app.post(
      '/import',
      {
        // A few thousand rows of text are larger than the API's usual limit.
        bodyLimit: IMPORT_BODY_LIMIT_BYTES,
        ...routeOptions(
          { permission: 'backup.import' },
          {
            tags,
            operationId: `import${many}`,
            summary: `Import ${manyLower} from spreadsheet rows`,
            description:
              'Creates the valid rows in one transaction; every other row is reported by its line ' +
              '(`duplicate` when its name or code exists or repeats in the file).',
            body: importRequest,
            data: importResult,
          },
        ),
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

  if (area.pickList ?? true) {
    const all = repository.all;
    if (!all) throw new Error(`${names.plural}: a pick list needs a repository with all()`);
    app.get(
      '/all',
      routeOptions(read, {
        tags,
        operationId: `list${one}Choices`,
        summary: `Every ${oneLower}, unpaged, for a picker`,
        data: pickList(schemas.pickItem ?? schemas.record),
      }),
      async (request) => {
        const records = await all(app.db, tenantOf(request));
        return ok({ data: records.map((record) => readable(request, record)) }, messages.all);
      },
    );
  }

  app.get(
    '/:id',
    routeOptions(read, {
      tags,
      operationId: `get${one}`,
      summary: `Get one ${oneLower}`,
      params: idParams,
      data: schemas.record,
    }),
    async (request) => {
      const record = await repository.findById(app.db, tenantOf(request), idOf(request));
      if (!record) throw notFound(messages.notFound);
      return ok(readable(request, record), messages.get);
    },
  );

  app.post(
    '/',
    routeOptions(write, {
      tags,
      operationId: `create${one}`,
      summary: `Create ${aOne}`,
      body: schemas.create,
      created: schemas.record,
    }),
    async (request, reply) => {
      const record = await repository.create(
        app.db,
        writingTenant(request),
        request.body as z.output<CreateSchema>,
      );
      return reply.code(201).send(ok(readable(request, record), messages.created));
    },
  );

  app.put(
    '/:id',
    routeOptions(write, {
      tags,
      operationId: `update${one}`,
      summary: `Change ${aOne}: the fields sent, at the version read`,
      params: idParams,
      body: schemas.update,
      updated: schemas.record,
    }),
    async (request) => {
      const record = await withReadableConflict(
        repository.update(
          app.db,
          writingTenant(request),
          idOf(request),
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
    routeOptions(remove, {
      tags,
      operationId: `delete${one}`,
      summary: `Delete ${aOne}`,
      params: idParams,
      data: deleted,
    }),
    async (request) => {
      const removedId = await repository.remove(app.db, tenantOf(request), idOf(request));
      if (!removedId) throw notFound(messages.notFound);
      return ok({ _id: removedId }, messages.deleted);
    },
  );
}

/**
 * The module of a CRUD area: from its one plural word ("designs") follow the path, the CSV
 * namespace, the import resource, the tag ("Designs"), one record ("Design"), the permissions
 * `CRUD_PERMISSIONS[area]` and the shared messages; an area named otherwise states its `names`.
 * A module states only what differs.
 */
export function crudModule<
  RecordSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  QuerySchema extends z.ZodType,
>(
  definition: CrudAreaDefinition<RecordSchema, CreateSchema, UpdateSchema, QuerySchema> &
    AreaNaming,
): ResourceModule {
  const { moreRoutes, moreRoutesFirst } = definition;
  const area = { ...definition, path: definition.area, names: namesOf(definition) };
  const routes: FastifyPluginCallback = (scope, _options, done) => {
    if (moreRoutesFirst) moreRoutes?.(scope);
    registerCrudRoutes(scope, area);
    if (!moreRoutesFirst) moreRoutes?.(scope);
    done();
  };
  return { prefix: `/${definition.area}`, routes };
}
