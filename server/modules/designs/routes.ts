import { designSchemas } from '../../../contract/designs.ts';
import { crudModule } from '../../lib/crud-area.ts';
import { designRepository } from './repository.ts';
import { designs } from './schema.ts';

export const resourceModule = crudModule({
  area: 'designs',
  noun: 'Design',
  schemas: designSchemas,
  repository: designRepository,
  importable: { resource: 'designs', table: designs, unique: designs.designCode },
});
