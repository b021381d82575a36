import type { RouteAccessRows } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'POST /api/auth/register': 'public',
  'POST /api/auth/register/confirm': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/me': 'signedIn',
  'PUT /api/auth/me': 'signedIn',
  'POST /api/auth/change-password': 'signedIn',
  'GET /api/auth/sessions': 'signedIn',
  'DELETE /api/auth/sessions/{id}': 'signedIn',
  'POST /api/auth/logout-all': 'signedIn',

  'GET /api/auth/options': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/verify-code': 'public',
  'POST /api/auth/reset-password': 'public',
};
