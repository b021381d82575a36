import type { RouteAccessRows } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/organization': 'organization.read',
  'PUT /api/organization': 'organization.write',
};
