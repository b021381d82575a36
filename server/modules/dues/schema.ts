import { integer, numeric, uuid } from 'drizzle-orm/pg-core';
import { tenantForeignKey } from '../../db/columns.ts';
import { tenantKeyedTable } from '../../db/tenant-tables.ts';
import { merchants } from '../merchants/schema.ts';

/**
 * Each merchant's all-time figures for the dues report: live (not cancelled) bills and what they
 * total, payments and what they brought in with their TDS. The report reads one row per merchant
 * instead of summing every bill and payment, and for a past date subtracts what is dated after
 * it. Kept exact by triggers on `bills` and `payments` (migration 0012); a merchant whose last
 * bill or payment goes away keeps a row of zeros.
 */
export const merchantBalances = tenantKeyedTable(
  'merchant_balances',
  {
    merchantId: uuid('merchant_id').notNull(),
    billCount: integer('bill_count').notNull().default(0),
    // Wider than a bill's numeric(14,2): a merchant's sum of many bills must not overflow.
    billedAmount: numeric('billed_amount', { precision: 18, scale: 2, mode: 'string' })
      .notNull()
      .default('0'),
    paymentCount: integer('payment_count').notNull().default(0),
    receivedAmount: numeric('received_amount', { precision: 18, scale: 2, mode: 'string' })
      .notNull()
      .default('0'),
  },
  (t) => [t.merchantId],
  (t) => [tenantForeignKey('merchant_balances_merchant_fk', t, t.merchantId, merchants, 'cascade')],
);
