import { asc, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { OrderStatus } from '../../../contract/orders.ts';
import type { Database } from '../../db/database.ts';
import { designs } from '../designs/schema.ts';
import { merchants } from '../merchants/schema.ts';
import { orderLines, orders } from './schema.ts';
import type { DemoSeeder } from '../../db/demo-seeder.ts';
import { randomSource, type Random } from '../../db/seed-random.ts';
import { tenantScope, type TenantContext } from '../../lib/tenant.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const SEED_MONTHS = 18;
const INSERT_CHUNK = 250;

/** Used only when the organization has no designs yet, so orders always have something to show. */
const FALLBACK_DESIGNS = [
  { designCode: 'EMB-101', name: 'Paisley Border', rate: 45 },
  { designCode: 'EMB-102', name: 'Mango Butta', rate: 12.5 },
  { designCode: 'EMB-103', name: 'Peacock Pallu', rate: 180 },
  { designCode: 'EMB-104', name: 'Lotus Jaal', rate: 95 },
  { designCode: 'EMB-106', name: 'Zari Checks', rate: 38 },
];

const ORDER_NOTES = [
  'Match thread colour to the sample swatch',
  'Pack in dozens with tissue paper',
  'Urgent: wedding on the 20th',
  'Send photos before dispatch',
  'Half quantity first, rest after approval',
];

function toDateString(date: Date) {
  return date.toISOString().slice(0, 10);
}

/** Wedding and festival months (October to February) bring more work. */
function ordersOnDay(date: Date, random: Random) {
  if (date.getUTCDay() === 0) return 0;
  const month = date.getUTCMonth();
  const busy = month >= 9 || month <= 1;
  return random.chance(busy ? 0.85 : 0.6) ? random.int(1, busy ? 2 : 1) : 0;
}

/** Older orders have mostly reached the end of their path; recent ones are still moving. */
function statusForAge(ageDays: number, random: Random): OrderStatus {
  const roll = random.next();
  if (roll < 0.06) return 'cancelled';
  if (ageDays > 45) return roll < 0.93 ? 'delivered' : roll < 0.97 ? 'completed' : 'in_progress';
  if (ageDays > 14) {
    return roll < 0.5
      ? 'delivered'
      : roll < 0.75
        ? 'completed'
        : roll < 0.92
          ? 'in_progress'
          : 'pending';
  }
  return roll < 0.5 ? 'pending' : roll < 0.85 ? 'in_progress' : 'completed';
}

function isPaidFor(status: OrderStatus, ageDays: number, random: Random) {
  if (status === 'cancelled') return false;
  if (status === 'delivered') return random.chance(ageDays > 60 ? 0.9 : 0.55);
  if (status === 'completed') return random.chance(0.25);
  return random.chance(0.05);
}

function poPrefix(merchantName: string) {
  const initials = merchantName
    .split(/[^A-Za-z]+/)
    .filter((word) => word.length > 0 && word !== 'and')
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return initials.slice(0, 4) || 'PO';
}

async function demoDesigns(db: Database, tenant: TenantContext) {
  const read = () =>
    db
      .select({ id: designs.id, rate: designs.rate })
      .from(designs)
      .where(tenantScope(designs, tenant))
      .orderBy(asc(designs.designCode));
  const existing = await read();
  if (existing.length > 0) return existing;
  await db.insert(designs).values(
    FALLBACK_DESIGNS.map((design) => ({
      ...design,
      organizationId: tenant.organizationId,
      id: uuidv7(),
    })),
  );
  return read();
}

/**
 * A year and a half of orders across the organization's merchants and designs, in every status,
 * some paid. Reads merchants and designs from the database, so it runs after their seeders.
 */
export const seedOrders: DemoSeeder = async (db, { tenant, now }) => {
  const merchantRows = await db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(tenantScope(merchants, tenant))
    .orderBy(asc(merchants.name));
  if (merchantRows.length === 0) return;
  const designRows = await demoDesigns(db, tenant);
  const random = randomSource(20_240_601);
  // A few regular customers order far more often than the rest.
  const regulars = merchantRows.slice(0, Math.max(1, Math.ceil(merchantRows.length / 4)));
  const sequenceByMerchant = new Map<string, number>();

  const orderRows: (typeof orders.$inferInsert)[] = [];
  const lineRows: (typeof orderLines.$inferInsert)[] = [];
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(today);
  start.setUTCMonth(start.getUTCMonth() - SEED_MONTHS);

  for (let day = start.getTime(); day <= today.getTime(); day += DAY_MS) {
    const date = new Date(day);
    const ageDays = Math.round((today.getTime() - day) / DAY_MS);
    for (let count = ordersOnDay(date, random); count > 0; count -= 1) {
      const merchant = random.chance(0.5) ? random.pick(regulars) : random.pick(merchantRows);
      const sequence = (sequenceByMerchant.get(merchant.id) ?? 0) + 1;
      sequenceByMerchant.set(merchant.id, sequence);
      const status = statusForAge(ageDays, random);
      const createdAt = new Date(day + random.int(9, 18) * 3_600_000 + random.int(0, 59) * 60_000);
      const orderId = uuidv7({ msecs: createdAt.getTime() });
      const progressedDays = status === 'pending' ? 0 : Math.min(ageDays, random.int(1, 20));
      orderRows.push({
        organizationId: tenant.organizationId,
        id: orderId,
        merchantId: merchant.id,
        poNumber: `${poPrefix(merchant.name)}/${String(date.getUTCFullYear()).slice(2)}-${String(sequence).padStart(3, '0')}`,
        orderDate: toDateString(date),
        deliveryDate: random.chance(0.85)
          ? toDateString(new Date(day + random.int(10, 35) * DAY_MS))
          : null,
        isPaid: isPaidFor(status, ageDays, random),
        status,
        notes: random.chance(0.15) ? random.pick(ORDER_NOTES) : null,
        createdAt,
        updatedAt: new Date(createdAt.getTime() + progressedDays * DAY_MS),
      });
      const lineCount = random.int(1, 4);
      for (let position = 0; position < lineCount; position += 1) {
        const design = random.pick(designRows);
        const baseRate = design.rate ?? random.int(20, 60);
        // Rates drift a little from the catalogue: bulk discounts and rush surcharges.
        const rateCents = Math.round(
          baseRate * 100 * (random.chance(0.7) ? 1 : 0.9 + random.next() * 0.2),
        );
        const quantity = random.int(2, 60) * (random.chance(0.3) ? 25 : 5);
        lineRows.push({
          organizationId: tenant.organizationId,
          id: uuidv7(),
          orderId,
          position,
          designId: design.id,
          quantity,
          rate: rateCents / 100,
          amount: (quantity * rateCents) / 100,
        });
      }
    }
  }

  for (let index = 0; index < orderRows.length; index += INSERT_CHUNK) {
    await db.insert(orders).values(orderRows.slice(index, index + INSERT_CHUNK));
  }
  for (let index = 0; index < lineRows.length; index += INSERT_CHUNK) {
    await db.insert(orderLines).values(lineRows.slice(index, index + INSERT_CHUNK));
  }
  // Totals come from the lines, summed by the database, as for orders written through the API.
  await db.execute(sql`
    update orders
       set total_quantity = line_totals.quantity, total_amount = line_totals.amount
      from (
        select order_id, sum(quantity) as quantity, sum(amount) as amount
          from order_lines
         where organization_id = ${tenant.organizationId}
         group by order_id
      ) as line_totals
     where orders.organization_id = ${tenant.organizationId}
       and orders.id = line_totals.order_id`);
};
