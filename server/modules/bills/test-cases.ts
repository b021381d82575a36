import type { RouteAccessRows } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/bills': 'bills.read',
  'GET /api/bills/export.csv': 'bills.read',
  'GET /api/bills/unbilled-orders': 'bills.read',
  'GET /api/bills/next-number': 'bills.write',
  'GET /api/bills/{id}': 'bills.read',
  'POST /api/bills': 'bills.write',
  'PUT /api/bills/{id}': 'bills.write',
  'POST /api/bills/{id}/cancel': 'bills.write',
};
