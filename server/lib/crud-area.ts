import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import type { z } from 'zod';
import { CRUD_PERMISSIONS } from '../../contract/permissions.ts';
import type { CsvExport } from './csv-export.ts';
import { crudMessages } from './crud-messages.ts';
import { registerCrudRoutes, type CrudResource } from './crud-routes.ts';
import type { ResourceModule } from '../modules/registry.ts';

/**
 * An area whose CRUD routes follow from its name: the tag, the CSV namespace and the path are
 * the area's name, its permissions are `CRUD_PERMISSIONS[area]`, and its messages are built
 * from the plural tag and the noun, so a module states only what differs.
 */
type CrudAreaDefinition<
  RecordSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  QuerySchema extends z.ZodType,
> = Omit<
  CrudResource<RecordSchema, CreateSchema, UpdateSchema, QuerySchema>,
  'tag' | 'singular' | 'permissions' | 'messages' | 'csv'
> & {
  area: 'designs' | 'merchants' | 'workers';
  /** One record, e.g. "Design". */
  noun: string;
  /** The CSV export's columns when not every field of the record, in its order. */
  csvColumns?: CsvExport['columns'];
  /** Routes the area serves besides its CRUD ones, in the same scope. */
  moreRoutes?: (scope: FastifyInstance) => void;
};

export function crudModule<
  RecordSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  QuerySchema extends z.ZodType,
>({
  area,
  noun,
  csvColumns,
  moreRoutes,
  ...resource
}: CrudAreaDefinition<RecordSchema, CreateSchema, UpdateSchema, QuerySchema>): ResourceModule {
  const tag = area.charAt(0).toUpperCase() + area.slice(1);
  const routes: FastifyPluginCallback = (scope, _options, done) => {
    registerCrudRoutes(scope, {
      ...resource,
      tag,
      singular: noun,
      csv: { namespace: area, columns: csvColumns },
      permissions: CRUD_PERMISSIONS[area],
      messages: crudMessages(tag, noun),
    });
    moreRoutes?.(scope);
    done();
  };
  return { prefix: `/${area}`, routes };
}
