import type { RouteAccessRows } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/gst/gstr1': 'bills.read',
  'GET /api/gst/gstr1/summary': 'bills.read',
};
