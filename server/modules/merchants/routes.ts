import { merchantSchemas } from '../../../contract/merchants.ts';
import { crudModule } from '../../lib/crud-area.ts';
import { merchantRepository } from './repository.ts';
import { merchants } from './schema.ts';
import { registerStatementRoute } from '../dues/statement-route.ts';

export const resourceModule = crudModule({
  area: 'merchants',
  schemas: merchantSchemas,
  repository: merchantRepository,
  importable: { table: merchants, unique: merchants.name },
  moreRoutes: registerStatementRoute,
});
