import type { RouteAccessRows } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = { 'GET /api/health': 'public' };
