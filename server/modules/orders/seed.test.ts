import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../contract/orders.ts';
import { queryRows } from '../../db/database.ts';
import { designs } from '../designs/schema.ts';
import { merchants } from '../merchants/schema.ts';
import { orders } from './schema.ts';
import { seedDemoData } from '../../db/seed.ts';
import { createTenantContext } from '../../lib/tenant.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedOrders } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo orders', () => {
  it('spreads a year and a half of orders over every status with consistent totals', async () => {
    const now = new Date('2025-09-15T10:00:00Z');
    await seedDemoData(t.database.handle.db, now);
    const db = t.database.handle.db;
    const [summary] = await queryRows<{
      count: number;
      first: string;
      last: string;
      paid: number;
      merchants: number;
      designs: number;
    }>(
      db,
      sql`select count(*)::int as count, min(order_date)::text as first, max(order_date)::text as last,
                 count(*) filter (where is_paid)::int as paid,
                 count(distinct merchant_id)::int as merchants,
                 (select count(distinct design_id)::int from order_lines) as designs
          from orders`,
    );
    expect(summary?.count).toBeGreaterThan(250);
    expect(summary?.first ?? '').toMatch(/^2024-03-(1[5-9]|2[0-5])$/);
    expect(summary?.last ?? '').toMatch(/^2025-09-1[0-5]$/);
    expect(summary?.paid).toBeGreaterThan(50);
    expect(summary?.paid).toBeLessThan(summary?.count ?? 0);
    expect(summary?.merchants).toBeGreaterThan(10);
    expect(summary?.designs).toBeGreaterThan(3);

    const statuses = await db.selectDistinct({ status: orders.status }).from(orders);
    expect(statuses.map((row) => row.status).sort()).toEqual([...ORDER_STATUSES].sort());

    const mismatched = await queryRows<{ id: string }>(
      db,
      sql`select orders.id from orders
          join (select order_id, sum(quantity) as q, sum(amount) as a, count(*) as n
                  from order_lines group by order_id) as l on l.order_id = orders.id
          where orders.total_quantity <> l.q or orders.total_amount <> l.a or l.n = 0`,
    );
    expect(mismatched).toEqual([]);
    const [withoutLines] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders
          where not exists (select 1 from order_lines where order_lines.order_id = orders.id)`,
    );
    expect(withoutLines?.n).toBe(0);

    // Chunked inserts followed by one bulk totals update still leave the daily totals exact.
    const [dailyTotals] = await queryRows<{ kept: number; differing: number }>(
      db,
      sql`with expected as (
            select organization_id, order_date, status, is_paid, count(*)::int as order_count,
                   sum(total_quantity)::bigint as total_quantity,
                   sum(total_amount)::numeric(18,2) as total_amount
            from orders group by organization_id, order_date, status, is_paid
          ), kept as (
            select organization_id, order_date, status, is_paid, order_count, total_quantity,
                   total_amount
            from order_daily_totals
          )
          select (select count(*)::int from kept) as kept,
                 (select count(*)::int from (
                   (select * from expected except all select * from kept)
                   union all
                   (select * from kept except all select * from expected)
                 ) as differences) as differing`,
    );
    expect(dailyTotals?.kept).toBeGreaterThan(100);
    expect(dailyTotals?.differing).toBe(0);
  });

  it('creates a few designs itself when the organization has none', async () => {
    const owner = await t.registerUser();
    const organizationId = owner.auth.organization._id;
    await t.send(owner, 'POST', '/api/merchants', { name: 'Only Merchant' });
    const tenant = createTenantContext(organizationId, owner.auth.user._id);
    await seedOrders(t.database.handle.db, { tenant, now: new Date('2025-01-01T00:00:00Z') });
    const own = await t.database.handle.db
      .select({ id: designs.id })
      .from(designs)
      .where(eq(designs.organizationId, organizationId));
    expect(own.length).toBeGreaterThan(0);
    const ownOrders = await t.database.handle.db
      .select({ merchantId: orders.merchantId })
      .from(orders)
      .where(eq(orders.organizationId, organizationId));
    expect(ownOrders.length).toBeGreaterThan(100);
    const [merchant] = await t.database.handle.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.organizationId, organizationId));
    expect(new Set(ownOrders.map((o) => o.merchantId))).toEqual(new Set([merchant?.id]));
  });
});
