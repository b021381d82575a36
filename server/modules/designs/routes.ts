import type { FastifyPluginCallback } from 'fastify';
import { design, designCreate, designListQuery, designUpdate } from '../../../contract/designs.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { crudMessages } from '../../lib/crud-messages.ts';
import { CRUD_PERMISSIONS } from '../../../contract/permissions.ts';
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
    permissions: CRUD_PERMISSIONS.designs,
    repository: designRepository,
    messages: crudMessages('Designs', 'Design'),
  });
  done();
};

export const resourceModule: ResourceModule = { prefix: '/designs', routes: designRoutes };
