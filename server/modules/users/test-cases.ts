import type { RouteAccessRows } from '../../test/area-test-cases.ts';

// Touching an owner or admin also needs users.manageAdmins; the users tests cover that part.
export const routeAccess: RouteAccessRows = {
  'GET /api/users': 'users.read',
  'GET /api/users/export.csv': 'users.read',
  'GET /api/users/all': 'users.read',
  'GET /api/users/{id}': 'users.read',
  'POST /api/users': 'users.manageStaff',
  'PUT /api/users/{id}': 'users.manageStaff',
  'POST /api/users/{id}/reset-password': 'users.manageStaff',
};
