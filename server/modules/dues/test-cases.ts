import type { RouteAccessRows } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/reports/dues': 'dues.read',
  // Mounted under /merchants by the merchants module (statement-route.ts).
  'GET /api/merchants/{id}/statement': 'statements.read',
};
