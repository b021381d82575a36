import type { RouteAccessRows } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/setup-checklist': 'setup.read',
  'POST /api/setup-checklist/dismiss': 'setup.write',
};
