import type { RouteAccessRows } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/backup': 'backup.download',
  'POST /api/backup/restore': 'backup.restore',
};
