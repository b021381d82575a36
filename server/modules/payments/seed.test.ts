import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { seedDemoData } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo payments', () => {
  it('pays some demo bills in full, one less TDS, one in part, and keeps an advance', async () => {
    await seedDemoData(t.database.handle.db, new Date('2025-09-15T10:00:00Z'));
    const db = t.database.handle.db;
    const statuses = await queryRows<{ status: string; count: number }>(
      db,
      sql`select status, count(*)::int as count from bills group by status`,
    );
    const byStatus = Object.fromEntries(statuses.map((row) => [row.status, row.count]));
    expect(byStatus.paid).toBeGreaterThanOrEqual(2);
    expect(byStatus.partly_paid).toBeGreaterThanOrEqual(1);
    expect(byStatus.unpaid).toBeGreaterThanOrEqual(1);

    const [summary] = await queryRows<{
      count: number;
      with_tds: number;
      with_advance: number;
      audited: number;
    }>(
      db,
      sql`select count(*)::int as count,
            count(*) filter (where tds_amount > 0)::int as with_tds,
            count(*) filter (where amount + tds_amount > allocated_amount)::int as with_advance,
            (select count(*)::int from audit_log
              where entity = 'payment' and action = 'create') as audited
          from payments`,
    );
    expect(summary?.count).toBeGreaterThanOrEqual(5);
    expect(summary?.with_tds).toBeGreaterThanOrEqual(1);
    expect(summary?.with_advance).toBeGreaterThanOrEqual(1);
    expect(summary?.audited).toBe(summary?.count);

    // What the trigger kept agrees with the allocations, and paid bills' orders are paid.
    const drift = await queryRows<{ id: string }>(
      db,
      sql`select bills.id from bills
          left join (select bill_id, sum(amount) as amount from payment_allocations
                     group by bill_id) as settled on settled.bill_id = bills.id
          where bills.paid_amount <> coalesce(settled.amount, 0)`,
    );
    expect(drift).toEqual([]);
    const unpaidOrders = await queryRows<{ id: string }>(
      db,
      sql`select orders.id from orders join bills
            on bills.organization_id = orders.organization_id and bills.id = orders.bill_id
          where bills.status = 'paid' and not orders.is_paid`,
    );
    expect(unpaidOrders).toEqual([]);
  });
});
