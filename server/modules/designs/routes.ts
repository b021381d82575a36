import type { FastifyPluginCallback } from 'fastify';
import { design, designCreate, designListQuery, designUpdate } from '../../../contract/designs.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { designRepository } from './repository.ts';
import { designs } from './schema.ts';
import type { ResourceModule } from '../registry.ts';

export const designRoutes: FastifyPluginCallback = (scope, _options, done) => {
  registerCrudRoutes(scope, {
    tag: 'Designs',
    singular: 'Design',
    importable: { resource: 'designs', table: designs, unique: designs.designCode },
    csv: { namespace: 'designs' },
    schemas: {
      record: design,
      create: designCreate,
      update: designUpdate,
      listQuery: designListQuery,
    },
    permissions: {
      read: 'designs.read',
      write: 'designs.write',
      delete: 'designs.delete',
    },
    repository: designRepository,
    messages: {
      list: 'Designs fetched successfully',
      all: 'Designs fetched successfully',
      get: 'Design fetched successfully',
      created: 'Design created successfully',
      updated: 'Design updated successfully',
      deleted: 'Design deleted successfully',
      notFound: 'Design not found',
    },
  });
  done();
};

export const resourceModule: ResourceModule = { prefix: '/designs', routes: designRoutes };
