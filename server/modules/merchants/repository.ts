import { sql } from 'drizzle-orm';
import type {
  Merchant,
  MerchantCreate,
  MerchantListParams,
  MerchantUpdate,
} from '../../../contract/merchants.ts';
import { merchants } from '../../db/schema.ts';
import { containsText } from '../../lib/list-page.ts';
import { createTenantRepository } from '../../lib/tenant-repository.ts';

const lowerName = sql`lower(${merchants.name})`;

export const merchantRepository = createTenantRepository<
  Merchant,
  MerchantCreate,
  MerchantUpdate,
  MerchantListParams
>({
  table: merchants,
  entity: 'merchant',
  filters: { name: containsText(merchants.name) },
  sortable: { name: lowerName, createdAt: merchants.createdAt },
  pickListOrder: lowerName,
  conflicts: {
    stillReferenced: 'This merchant has orders and cannot be deleted',
  },
});
