import type { RouteAccessRows } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/sample-workshop': 'setup.read',
  'POST /api/sample-workshop/open': 'setup.write',
  'DELETE /api/sample-workshop': 'setup.write',
  'POST /api/sample-workshop/session': 'public',
};
