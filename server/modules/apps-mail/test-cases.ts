import type { RouteAccessRows } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = { 'POST /api/apps/test-mail': 'organization.write' };
