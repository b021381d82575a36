import {
  bankDetail,
  bankDetailCreate,
  bankDetailListQuery,
  bankDetailUpdate,
} from '../../../contract/bank-details.ts';
import type { CrudCase, RouteAccessRows, TextInputCase } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/bank-details': 'bankDetails.read',
  'GET /api/bank-details/export.csv': 'bankDetails.read',
  'GET /api/bank-details/all': 'bankDetails.read',
  'GET /api/bank-details/active': 'bankDetails.read',
  'GET /api/bank-details/{id}': 'bankDetails.read',
  'POST /api/bank-details': 'bankDetails.write',
  'PUT /api/bank-details/{id}': 'bankDetails.write',
  'PATCH /api/bank-details/{id}/set-active': 'bankDetails.write',
  'DELETE /api/bank-details/{id}': 'bankDetails.delete',
};

export const crudCase: CrudCase = {
  path: '/api/bank-details',
  entity: 'bankDetail',
  record: bankDetail,
  noun: 'Bank detail',
  pickList: true,
  prepare: () => (n) => ({
    bankName: `Bank ${n}`,
    accountNumber: `1234567${String(n).padStart(4, '0')}`,
    ifscCode: 'SBIN0001234',
  }),
  change: { branch: 'Ring Road' },
  requiredField: 'ifscCode',
};

export const textInputCase: TextInputCase = {
  path: '/api/bank-details',
  schemas: [bankDetailCreate, bankDetailUpdate, bankDetailListQuery],
  body: () =>
    Promise.resolve({
      bankName: 'State Bank',
      accountHolderName: 'Surat Silk',
      accountNumber: '12345678901',
      ifscCode: 'SBIN0001234',
      branch: 'Ring Road',
    }),
};
