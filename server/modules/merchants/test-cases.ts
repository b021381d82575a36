import {
  merchant,
  merchantCreate,
  merchantListQuery,
  merchantUpdate,
} from '../../../contract/merchants.ts';
import type { CrudCase, RouteAccessRows, TextInputCase } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/merchants': 'merchants.read',
  'GET /api/merchants/all': 'merchants.read',
  'GET /api/merchants/export.csv': 'merchants.read',
  'POST /api/merchants/import': 'backup.import',
  'GET /api/merchants/{id}': 'merchants.read',
  'POST /api/merchants': 'merchants.write',
  'PUT /api/merchants/{id}': 'merchants.write',
  'DELETE /api/merchants/{id}': 'merchants.delete',
};

export const crudCase: CrudCase = {
  path: '/api/merchants',
  entity: 'merchant',
  record: merchant,
  noun: 'Merchant',
  pickList: true,
  prepare: () => (n) => ({ name: `Merchant ${n}`, city: 'Surat' }),
  change: { city: 'Ahmedabad' },
  requiredField: 'name',
};

export const textInputCase: TextInputCase = {
  path: '/api/merchants',
  schemas: [merchantCreate, merchantUpdate, merchantListQuery],
  body: () =>
    Promise.resolve({
      name: 'Surat Silk',
      contactPerson: 'Mehul',
      phone: '+91 98250 12345',
      email: 'mehul@example.com',
      address: 'Ring Road\nSurat',
      city: 'Surat',
      gstin: '24AAACS1234A1Z5',
      notes: 'Pays monthly',
    }),
};
