import type { FastifyPluginCallback } from 'fastify';
import {
  merchant,
  merchantCreate,
  merchantListQuery,
  merchantUpdate,
} from '../../../contract/merchants.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { crudMessages } from '../../lib/crud-messages.ts';
import { CRUD_PERMISSIONS } from '../../../contract/permissions.ts';
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
    permissions: CRUD_PERMISSIONS.merchants,
    repository: merchantRepository,
    messages: crudMessages('Merchants', 'Merchant'),
  });
  registerStatementRoute(scope);
  done();
};

export const resourceModule: ResourceModule = { prefix: '/merchants', routes: merchantRoutes };
