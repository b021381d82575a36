import { sql } from 'drizzle-orm';
import type { PaymentCreate } from '../../../contract/payments.ts';
import { queryRows } from '../../db/database.ts';
import type { DemoSeeder } from '../../db/demo-seeder.ts';
import { paymentRepository } from './repository.ts';

/** Days after its bill that a demo payment is received, never later than today. */
const DAYS_TO_PAY = 12;

interface DemoBill {
  id: string;
  merchant_id: string;
  total: string;
  /** Half the total in whole rupees. */
  half: string;
  /** 2 % of the taxable value in whole rupees: TDS a buyer deducts on job work. */
  tds: string;
  less_tds: string;
  /** The bill and half as much again: more than one bill's worth. */
  and_half: string;
  paid_on: string;
}

type PaymentDetails = Pick<PaymentCreate, 'method' | 'reference' | 'notes' | 'tdsAmount'>;

/** A payment of `paid` received on the bill's demo payment day that settles `settled` of it. */
const billPayment = (
  bill: DemoBill,
  paid: string,
  settled: string,
  details: PaymentDetails,
): PaymentCreate => ({
  merchantId: bill.merchant_id,
  paymentDate: bill.paid_on,
  amount: Number(paid),
  ...details,
  allocations: [{ billId: bill.id, amount: Number(settled) }],
});

/**
 * Money received against the demo bills, through the same code path as `POST /payments`: the
 * oldest bill paid in full by bank transfer, one paid in full less TDS, one paid in part, one
 * merchant's bills settled automatically oldest first, and an advance from a merchant. Runs after
 * the bills; amounts are worked out in SQL numeric.
 */
export const seedPayments: DemoSeeder = async (db, { tenant, now }) => {
  const today = now.toISOString().slice(0, 10);
  const bills = await queryRows<DemoBill>(
    db,
    sql`select id, merchant_id, total_amount::text as total,
          round(total_amount / 2)::text as half,
          round(taxable_amount * 0.02)::text as tds,
          (total_amount - round(taxable_amount * 0.02))::text as less_tds,
          (total_amount + round(total_amount / 2))::text as and_half,
          to_char(least(bill_date + ${DAYS_TO_PAY}::integer, ${today}::date), 'YYYY-MM-DD')
            as paid_on
        from bills
        where organization_id = ${tenant.organizationId} and status = 'unpaid'
        order by bill_date, number`,
  );
  const payments: PaymentCreate[] = [];
  const [full, withTds, part, ...rest] = bills;
  if (full) {
    payments.push(
      billPayment(full, full.total, full.total, {
        method: 'bank_transfer',
        reference: 'HDFCN52026041512345',
        notes: null,
      }),
    );
  }
  if (withTds) {
    payments.push(
      billPayment(withTds, withTds.less_tds, withTds.total, {
        method: 'cheque',
        reference: '004512',
        tdsAmount: Number(withTds.tds),
        notes: 'TDS deducted under section 194C',
      }),
    );
  }
  if (part) {
    payments.push(
      billPayment(part, part.half, part.half, {
        method: 'upi',
        reference: '412398765432',
        notes: 'Part payment; the rest promised next month',
      }),
    );
  }
  // Another merchant's bills, oldest first, by whatever the server works out.
  const automatic = rest.find(
    (bill) => ![full, withTds, part].some((taken) => taken?.merchant_id === bill.merchant_id),
  );
  if (automatic) {
    payments.push({
      merchantId: automatic.merchant_id,
      paymentDate: automatic.paid_on,
      amount: Number(automatic.and_half),
      method: 'bank_transfer',
      reference: 'SBIN426011223344',
      notes: null,
    });
  }
  const advanceFrom = full ?? automatic;
  if (advanceFrom) {
    payments.push({
      merchantId: advanceFrom.merchant_id,
      paymentDate: today,
      amount: 5000,
      method: 'cash',
      reference: null,
      notes: 'Advance against the next order',
      allocations: [],
    });
  }
  for (const values of payments) await paymentRepository.create(db, tenant, values);
};
