import { sql } from 'drizzle-orm';
import {
  DESIGN_CODE_TAKEN_MESSAGE,
  DESIGN_IN_USE_MESSAGE,
  type designSchemas,
} from '../../../contract/designs.ts';
import { designs } from './schema.ts';
import { containsText } from '../../lib/list-page.ts';
import { createTenantRepository } from '../../lib/tenant-repository.ts';

const lowerName = sql`lower(${designs.name})`;
const lowerCode = sql`lower(${designs.designCode})`;

export const designRepository = createTenantRepository<typeof designSchemas>({
  table: designs,
  entity: 'design',
  filters: {
    name: containsText(designs.name),
    designCode: containsText(designs.designCode),
  },
  sortable: { name: lowerName, designCode: lowerCode, createdAt: designs.createdAt },
  pickListOrder: lowerName,
  conflicts: {
    unique: {
      designs_org_code_unique: { message: DESIGN_CODE_TAKEN_MESSAGE, path: 'designCode' },
    },
    stillReferenced: DESIGN_IN_USE_MESSAGE,
  },
});
