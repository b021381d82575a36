import { sql } from 'drizzle-orm';
import type { merchantSchemas, MerchantUpdate } from '../../../contract/merchants.ts';
import { merchants } from './schema.ts';
import { stateWithGstin } from '../../lib/gst-state.ts';
import { containsText } from '../../lib/list-page.ts';
import { createTenantRepository, type RepositoryOf } from '../../lib/tenant-repository.ts';

const lowerName = sql`lower(${merchants.name})`;

const baseRepository = createTenantRepository<typeof merchantSchemas>({
  table: merchants,
  entity: 'merchant',
  filters: { name: containsText(merchants.name) },
  sortable: { name: lowerName, createdAt: merchants.createdAt },
  pickListOrder: lowerName,
  conflicts: {
    stillReferenced: 'This merchant has orders, bills or payments and cannot be deleted',
  },
});

/**
 * Merchants whose GST state follows their GSTIN. An edit works on the merged record, so a state
 * sent alone is checked against the stored GSTIN, a new GSTIN brings its state along, and records
 * stored before merchants had a state get one at their next edit.
 */
export const merchantRepository: RepositoryOf<typeof merchantSchemas> = {
  ...baseRepository,
  create(db, tenant, values) {
    return baseRepository.create(db, tenant, {
      ...values,
      state: stateWithGstin(values.gstin, values.state),
    });
  },
  async update(db, tenant, id, values) {
    const current = await baseRepository.findById(db, tenant, id);
    if (!current) return undefined;
    const gstin = values.gstin === undefined ? current.gstin : values.gstin;
    const newGstin = Boolean(values.gstin) && values.gstin !== current.gstin;
    // Stored states passed the same check on their way in.
    const storedState = current.state as MerchantUpdate['state'];
    const state = values.state !== undefined ? values.state : newGstin ? null : storedState;
    return baseRepository.update(db, tenant, id, {
      ...values,
      state: stateWithGstin(gstin, state),
    });
  },
};
