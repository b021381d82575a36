import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { DemoSeeder } from '../../db/demo-seeder.ts';
import { billRepository } from './repository.ts';

/** How many demo bills, and how many orders each bill takes at most. */
const DEMO_BILL_LIMIT = 12;
const ORDERS_PER_BILL = 3;

/**
 * A register that is not empty: the most recent unpaid finished orders, grouped per merchant
 * into a few bills, made oldest first through the same code path as `POST /bills`, so numbers,
 * money, snapshots and audit entries are what real bills get. Runs after orders and bank details.
 */
export const seedBills: DemoSeeder = async (db, { tenant, now }) => {
  const candidates = await queryRows<{ id: string; merchant_id: string; order_date: string }>(
    db,
    sql`select id, merchant_id, to_char(order_date, 'YYYY-MM-DD') as order_date from orders
        where organization_id = ${tenant.organizationId}
          and status in ('completed', 'delivered') and not is_paid and bill_id is null
        order by order_date desc, id desc
        limit ${DEMO_BILL_LIMIT * ORDERS_PER_BILL}`,
  );
  const groups = new Map<string, { ids: string[]; lastDate: string }[]>();
  for (const row of candidates.reverse()) {
    const bills = groups.get(row.merchant_id) ?? [];
    const open = bills.at(-1);
    if (open && open.ids.length < ORDERS_PER_BILL) {
      open.ids.push(row.id);
      open.lastDate = row.order_date;
    } else bills.push({ ids: [row.id], lastDate: row.order_date });
    groups.set(row.merchant_id, bills);
  }
  const today = now.toISOString().slice(0, 10);
  const planned = [...groups.entries()]
    .flatMap(([merchantId, bills]) => bills.map((bill) => ({ merchantId, ...bill })))
    .sort((a, b) => a.lastDate.localeCompare(b.lastDate))
    .slice(0, DEMO_BILL_LIMIT);
  for (const bill of planned) {
    await billRepository.create(db, tenant, {
      merchantId: bill.merchantId,
      orderIds: bill.ids,
      billDate: bill.lastDate > today ? today : bill.lastDate,
      notes: null,
    });
  }
};
