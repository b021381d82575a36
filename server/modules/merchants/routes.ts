import type { FastifyPluginCallback } from 'fastify';
import {
  merchant,
  merchantCreate,
  merchantListQuery,
  merchantUpdate,
} from '../../../contract/merchants.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { merchantRepository } from './repository.ts';
import { merchants } from './schema.ts';
import type { ResourceModule } from '../registry.ts';
import { registerStatementRoute } from '../dues/statement-route.ts';

export const merchantRoutes: FastifyPluginCallback = (scope, _options, done) => {
  registerCrudRoutes(scope, {
    tag: 'Merchants',
    singular: 'Merchant',
    importable: { resource: 'merchants', table: merchants, unique: merchants.name },
    csv: { namespace: 'merchants' },
    schemas: {
      record: merchant,
      create: merchantCreate,
      update: merchantUpdate,
      listQuery: merchantListQuery,
    },
    permissions: {
      read: 'merchants.read',
      write: 'merchants.write',
      delete: 'merchants.delete',
    },
    repository: merchantRepository,
    messages: {
      list: 'Merchants fetched successfully',
      all: 'Merchants fetched successfully',
      get: 'Merchant fetched successfully',
      created: 'Merchant created successfully',
      updated: 'Merchant updated successfully',
      deleted: 'Merchant deleted successfully',
      notFound: 'Merchant not found',
    },
  });
  registerStatementRoute(scope);
  done();
};

export const resourceModule: ResourceModule = { prefix: '/merchants', routes: merchantRoutes };
