import type { RouteAccessRows } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/bill-notes': 'bills.read',
  'GET /api/bill-notes/next-number': 'bills.write',
  'GET /api/bill-notes/{id}': 'bills.read',
  'POST /api/bill-notes': 'bills.write',
  'POST /api/bill-notes/{id}/cancel': 'bills.write',
};
