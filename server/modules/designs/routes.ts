import { designSchemas } from '../../../contract/designs.ts';
import { crudModule } from '../../lib/crud-area.ts';
import { designRepository } from './repository.ts';
import { designs } from './schema.ts';

export const resourceModule = crudModule({
  area: 'designs',
  schemas: designSchemas,
  repository: designRepository,
  importable: { table: designs, unique: designs.designCode },
});
