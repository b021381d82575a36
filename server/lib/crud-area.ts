import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import type { z } from 'zod';
import { IMPORT_RESOURCES, type ImportResource } from '../../contract/data-io.ts';
import { CRUD_PERMISSIONS } from '../../contract/permissions.ts';
import type { CsvExport } from './csv-export.ts';
import { crudMessages } from './crud-messages.ts';
import { registerCrudRoutes, type CrudResource } from './crud-routes.ts';
import type { ResourceModule } from '../modules/registry.ts';

type CrudAreaDefinition<
  RecordSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  QuerySchema extends z.ZodType,
> = Omit<
  CrudResource<RecordSchema, CreateSchema, UpdateSchema, QuerySchema>,
  'tag' | 'singular' | 'permissions' | 'messages' | 'csv' | 'importable'
> & {
  /** The area's one plural word: its path, its CSV namespace and its key in `CRUD_PERMISSIONS`. */
  area: keyof typeof CRUD_PERMISSIONS;
  /**
   * For an area whose records a spreadsheet imports (`IMPORT_RESOURCES`): the import's table and
   * the column a row repeats only by mistake.
   */
  importable?: Omit<
    NonNullable<CrudResource<RecordSchema, CreateSchema, UpdateSchema, QuerySchema>['importable']>,
    'resource'
  >;
  /** The CSV export's columns when not every field of the form, in its order. */
  csvColumns?: CsvExport['columns'];
  /** Routes the area serves besides its CRUD ones, in the same scope. */
  moreRoutes?: (scope: FastifyInstance) => void;
};

function importResource(area: string): ImportResource {
  const resource = IMPORT_RESOURCES.find((candidate) => candidate === area);
  // Found when the server starts, like a route without a permission.
  if (!resource) throw new Error(`${area} is not among the areas a spreadsheet imports`);
  return resource;
}

/**
 * The module of an area whose CRUD routes follow from its name ("designs"): the path, the CSV
 * namespace and the import resource are the name, the tag is it capitalized ("Designs"), one
 * record is the tag without its plural s ("Design"), the permissions are `CRUD_PERMISSIONS[area]`
 * and the messages are the shared ones; a module states only what differs.
 */
export function crudModule<
  RecordSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  QuerySchema extends z.ZodType,
>({
  area,
  importable,
  csvColumns,
  moreRoutes,
  ...resource
}: CrudAreaDefinition<RecordSchema, CreateSchema, UpdateSchema, QuerySchema>): ResourceModule {
  const tag = area.charAt(0).toUpperCase() + area.slice(1);
  const noun = tag.replace(/s$/, '');
  const routes: FastifyPluginCallback = (scope, _options, done) => {
    registerCrudRoutes(scope, {
      ...resource,
      tag,
      singular: noun,
      importable: importable && { ...importable, resource: importResource(area) },
      csv: { namespace: area, columns: csvColumns },
      permissions: CRUD_PERMISSIONS[area],
      messages: crudMessages(tag, noun),
    });
    moreRoutes?.(scope);
    done();
  };
  return { prefix: `/${area}`, routes };
}
