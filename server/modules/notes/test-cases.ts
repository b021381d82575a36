import type { RouteAccessRows } from '../../test/area-test-cases.ts';

// Deleting someone else's note also needs a manager's role; the notes tests cover that part.
export const routeAccess: RouteAccessRows = {
  'GET /api/notes': 'notes.read',
  'GET /api/notes/inbox': 'notes.read',
  'GET /api/notes/people': 'notes.read',
  'POST /api/notes': 'notes.write',
  'POST /api/notes/read': 'notes.read',
  'DELETE /api/notes/{id}': 'notes.delete',
};
