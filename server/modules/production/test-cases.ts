import {
  productionEntry,
  productionEntryCreate,
  productionEntryListQuery,
  productionEntryUpdate,
} from '../../../contract/production-entries.ts';
import { createdId } from '../../test/area-test-cases.ts';
import type { CrudCase, RouteAccessRows, TextInputCase } from '../../test/area-test-cases.ts';
import type { TestApp, TestUser } from '../../test/test-app.ts';
import { orderReferences } from '../orders/test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/production/stages': 'production.read',
  'PUT /api/production/stages': 'organization.write',
  'GET /api/job-cards': 'production.read',
  'GET /api/job-cards/{id}': 'production.read',
  'POST /api/job-cards/from-order/{orderId}': 'production.write',
  'PUT /api/job-cards/{id}': 'production.write',
  'POST /api/job-cards/{id}/move': 'production.write',
  'DELETE /api/job-cards/{id}': 'production.delete',
  'GET /api/production-entries': 'production.read',
  'GET /api/production-entries/{id}': 'production.read',
  'POST /api/production-entries': 'production.write',
  'POST /api/production-entries/batch': 'production.write',
  'PUT /api/production-entries/{id}': 'production.write',
  'DELETE /api/production-entries/{id}': 'production.delete',
  // Wages are private: what each worker earned and is owed.
  'GET /api/worker-wages': 'salaries.read',
};

/** A job card with room for a million pieces and a worker for `user`: what an entry names. */
async function entryReferences(t: TestApp, user: TestUser) {
  const { merchantId, designId } = await orderReferences(t, user, 2);
  const orderId = await createdId(t, user, '/api/orders', {
    merchantId,
    poNumber: 'PO-FLOOR',
    orderDate: '2025-05-01',
    designs: [{ designId, quantity: 1_000_000, rate: 2 }],
  });
  const cards = await t.send(user, 'POST', `/api/job-cards/from-order/${orderId}`);
  return {
    workerId: await createdId(t, user, '/api/workers', {
      name: 'Kavita',
      joiningDate: '2023-01-02',
    }),
    jobCardId: cards.json<{ data: { data: { _id: string }[] } }>().data.data[0]?._id,
  };
}

export const crudCase: CrudCase = {
  path: '/api/production-entries',
  entity: 'productionEntry',
  record: productionEntry,
  noun: 'Production entry',
  pickList: false,
  async prepare(t, user) {
    const references = await entryReferences(t, user);
    return (n) => ({ ...references, workDate: '2025-05-03', piecesDone: 1 + n });
  },
  change: { notes: 'Evening shift' },
  stamps: ['updatedBy'],
  defaultSort: '-workDate',
  requiredField: 'workDate',
};

export const textInputCase: TextInputCase = {
  path: '/api/production-entries',
  schemas: [productionEntryCreate, productionEntryUpdate, productionEntryListQuery],
  body: async (t, user) => ({
    ...(await entryReferences(t, user)),
    workDate: '2025-05-03',
    piecesDone: 1,
    notes: 'Evening shift',
  }),
};
