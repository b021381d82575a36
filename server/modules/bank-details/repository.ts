import { eq, ne, sql } from 'drizzle-orm';
import type { BankDetail, bankDetailSchemas } from '../../../contract/bank-details.ts';
import type { Database } from '../../db/database.ts';
import { bankDetails } from './schema.ts';
import { appendTenantAudit, auditChanges } from '../../lib/audit.ts';
import { containsText, equalsValue } from '../../lib/list-page.ts';
import { tenantScope, type TenantContext } from '../../lib/tenant.ts';
import {
  createTenantRepository,
  missingOrStale,
  nextVersion,
  toApiRecord,
  versionMatches,
  type RepositoryOf,
} from '../../lib/tenant-repository.ts';

const lowerBankName = sql`lower(${bankDetails.bankName})`;

const baseRepository = createTenantRepository<typeof bankDetailSchemas>({
  table: bankDetails,
  entity: 'bankDetail',
  filters: {
    bankName: containsText(bankDetails.bankName),
    accountNumber: containsText(bankDetails.accountNumber),
    ifscCode: containsText(bankDetails.ifscCode),
    isActive: equalsValue<boolean>(bankDetails.isActive),
  },
  sortable: { bankName: lowerBankName, createdAt: bankDetails.createdAt },
  pickListOrder: lowerBankName,
});

/**
 * Runs `work` in a transaction that holds the organization's activation lock, after every other
 * account of the organization has been deactivated. The lock makes concurrent activations queue
 * up instead of racing into the one-active unique index; the last one to run wins.
 */
async function withSoleActivation<T>(
  db: Database,
  tenant: TenantContext,
  keepId: string | undefined,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`bank_details_active:${tenant.organizationId}`}, 0))`,
    );
    const deactivated = await tx
      .update(bankDetails)
      // A deactivated account changed too: a form still holding its old version must not win.
      .set({ isActive: false, updatedAt: new Date(), version: nextVersion(bankDetails) })
      .where(
        tenantScope(
          bankDetails,
          tenant,
          eq(bankDetails.isActive, true),
          keepId === undefined ? undefined : ne(bankDetails.id, keepId),
        ),
      )
      .returning({ id: bankDetails.id });
    // The account that stopped being the active one keeps that in its own history.
    for (const { id } of deactivated) {
      await appendTenantAudit(tx, tenant, {
        action: 'update',
        entity: 'bankDetail',
        entityId: id,
        changes: { isActive: [true, false] },
      });
    }
    return work(tx);
  });
}

/** Rolls a transaction back when the record it was meant to change does not exist. */
class RecordMissing extends Error {}

export interface BankDetailRepository extends RepositoryOf<typeof bankDetailSchemas> {
  findActive(db: Database, tenant: TenantContext): Promise<BankDetail | undefined>;
  /**
   * Makes this account the only active one; undefined when it does not exist. With `expected`,
   * 409 `stale_version` (and nothing changes) when the account changed since it was read.
   */
  setActive(
    db: Database,
    tenant: TenantContext,
    id: string,
    expected?: number,
  ): Promise<BankDetail | undefined>;
}

async function activateExisting(
  db: Database,
  tenant: TenantContext,
  id: string,
  work: (tx: Database) => Promise<BankDetail | undefined>,
): Promise<BankDetail | undefined> {
  try {
    return await withSoleActivation(db, tenant, id, async (tx) => {
      const record = await work(tx);
      if (!record) throw new RecordMissing();
      return record;
    });
  } catch (error) {
    if (error instanceof RecordMissing) return undefined;
    throw error;
  }
}

export const bankDetailRepository: BankDetailRepository = {
  ...baseRepository,

  async create(db, tenant, values) {
    if (values.isActive !== true) return baseRepository.create(db, tenant, values);
    return withSoleActivation(db, tenant, undefined, (tx) =>
      baseRepository.create(tx, tenant, values),
    );
  },

  async update(db, tenant, id, values) {
    if (values.isActive !== true) return baseRepository.update(db, tenant, id, values);
    return activateExisting(db, tenant, id, (tx) => baseRepository.update(tx, tenant, id, values));
  },

  async setActive(db, tenant, id, expected) {
    return activateExisting(db, tenant, id, async (tx) => {
      const [before] = await tx
        .select()
        .from(bankDetails)
        .where(tenantScope(bankDetails, tenant, eq(bankDetails.id, id)))
        .for('update');
      if (!before) return undefined;
      const [row] = await tx
        .update(bankDetails)
        .set({ isActive: true, updatedAt: new Date(), version: nextVersion(bankDetails) })
        .where(
          tenantScope(
            bankDetails,
            tenant,
            eq(bankDetails.id, id),
            versionMatches(bankDetails, expected),
          ),
        )
        .returning();
      if (!row) return missingOrStale(() => baseRepository.findById(tx, tenant, id));
      const record = toApiRecord<BankDetail>(row);
      await appendTenantAudit(tx, tenant, {
        action: 'setActive',
        entity: 'bankDetail',
        entityId: id,
        changes: auditChanges(toApiRecord(before), record),
      });
      return record;
    });
  },

  async findActive(db, tenant) {
    const [row] = await db
      .select()
      .from(bankDetails)
      .where(tenantScope(bankDetails, tenant, eq(bankDetails.isActive, true)))
      .limit(1);
    return row ? toApiRecord<BankDetail>(row) : undefined;
  },
};
