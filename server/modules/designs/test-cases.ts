import { design, designCreate, designListQuery, designUpdate } from '../../../contract/designs.ts';
import type { CrudCase, RouteAccessRows, TextInputCase } from '../../test/area-test-cases.ts';

export const routeAccess: RouteAccessRows = {
  'GET /api/designs': 'designs.read',
  'GET /api/designs/all': 'designs.read',
  'GET /api/designs/export.csv': 'designs.read',
  'POST /api/designs/import': 'backup.import',
  'GET /api/designs/{id}': 'designs.read',
  'POST /api/designs': 'designs.write',
  'PUT /api/designs/{id}': 'designs.write',
  'DELETE /api/designs/{id}': 'designs.delete',
};

/** The n-th valid design, also for the areas whose records name designs. */
export const designBody = (n: number) => ({
  name: `Design ${n}`,
  designCode: `D-${n}`,
  rate: 10 + n,
});

export const crudCase: CrudCase = {
  path: '/api/designs',
  entity: 'design',
  record: design,
  noun: 'Design',
  pickList: true,
  prepare: () => designBody,
  change: { rate: 99.5 },
  requiredField: 'designCode',
};

export const textInputCase: TextInputCase = {
  path: '/api/designs',
  schemas: [designCreate, designUpdate, designListQuery],
  body: () =>
    Promise.resolve({ name: 'Paisley', designCode: 'PAI-1', description: 'Border', rate: 10 }),
};
