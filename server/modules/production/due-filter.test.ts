import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, paged } from '../../../contract/common.ts';
import { jobCard } from '../../../contract/job-cards.ts';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

/*
 * "Due today" and "due this week" count from the organization's day. The clock is Wednesday
 * 11 March 2026 at noon UTC, the same calendar day on every time zone a workshop runs in.
 */
const NOW = new Date('2026-03-11T12:00:00Z');

let t: TestApp;
let owner: TestUser;
const poByDue = new Map<string | null, string>();
const orderByDue = new Map<string | null, string>();

async function created(url: string, body: Record<string, unknown>) {
  const response = await t.send(owner, 'POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { _id: string; poNumber?: string } }>().data;
}

async function listPos(query: string): Promise<string[]> {
  const response = await t.send(owner, 'GET', `/api/job-cards?sort=dueDate&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return envelope(paged(jobCard))
    .parse(response.json())
    .data.data.map((card) => card.order.poNumber);
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(NOW) });
  owner = await t.registerUser();
  const merchant = await created('/api/merchants', { name: 'Shah Textiles' });
  const design = await created('/api/designs', { name: 'Paisley', designCode: 'P-1', rate: 2 });
  // Tuesday (overdue), Wednesday (today), Sunday (end of the week), Monday next week, no date.
  for (const due of ['2026-03-10', '2026-03-11', '2026-03-15', '2026-03-16', null]) {
    const poNumber = `PO-${due ?? 'none'}`;
    const order = await created('/api/orders', {
      merchantId: merchant._id,
      poNumber,
      orderDate: '2026-03-01',
      deliveryDate: due,
      designs: [{ designId: design._id, quantity: 10, rate: 100 }],
    });
    const made = await t.send(owner, 'POST', `/api/job-cards/from-order/${order._id}`);
    expect(made.statusCode, made.body).toBe(200);
    poByDue.set(due, poNumber);
    orderByDue.set(due, order._id);
  }
});

async function setDelivery(orderId: string, deliveryDate: string | null) {
  const url = `/api/orders/${orderId}`;
  const read = await t.send(owner, 'GET', url);
  const { version } = read.json<{ data: { version: number } }>().data;
  const saved = await t.send(owner, 'PUT', url, { deliveryDate, version });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** Cards whose kept due date is not their order's delivery date. */
async function cardsOutOfStep() {
  return queryRows<{ id: string }>(
    t.database.handle.db,
    sql`select c.id from job_cards c
        join orders o on o.organization_id = c.organization_id and o.id = c.order_id
        where c.due_date is distinct from o.delivery_date`,
  );
}

afterAll(async () => {
  await t.close();
});

describe('job cards by due date', () => {
  it('due=today keeps the cards due on the organization day', async () => {
    expect(await listPos('due=today')).toEqual([poByDue.get('2026-03-11')]);
  });

  it('due=week keeps today through Sunday, not the overdue days before nor next week', async () => {
    expect(await listPos('due=week')).toEqual([
      poByDue.get('2026-03-11'),
      poByDue.get('2026-03-15'),
    ]);
  });

  it('a stage column lists its open cards soonest due first, undated last', async () => {
    const stages = await t.send(owner, 'GET', '/api/production/stages');
    const [first] = stages.json<{ data: { data: { _id: string }[] } }>().data.data;
    expect(await listPos(`stageId=${first?._id}&isDone=false`)).toEqual([
      poByDue.get('2026-03-10'),
      poByDue.get('2026-03-11'),
      poByDue.get('2026-03-15'),
      poByDue.get('2026-03-16'),
      poByDue.get(null),
    ]);
    expect(await listPos(`stageId=${first?._id}&isDone=true`)).toEqual([]);
  });

  it("a card's due date follows its order's delivery date in the same write", async () => {
    const nextMonday = orderByDue.get('2026-03-16') ?? '';
    expect(await cardsOutOfStep()).toEqual([]);
    try {
      await setDelivery(nextMonday, '2026-03-11');
      expect(await cardsOutOfStep()).toEqual([]);
      expect(await listPos('due=today')).toEqual([
        poByDue.get('2026-03-11'),
        poByDue.get('2026-03-16'),
      ]);
      await setDelivery(nextMonday, null);
      expect(await cardsOutOfStep()).toEqual([]);
      expect((await listPos('')).slice(-2).sort()).toEqual(
        [poByDue.get('2026-03-16'), poByDue.get(null)].sort(),
      );
    } finally {
      await setDelivery(nextMonday, '2026-03-16');
    }
    expect(await cardsOutOfStep()).toEqual([]);
    expect(await listPos('due=week')).toEqual([
      poByDue.get('2026-03-11'),
      poByDue.get('2026-03-15'),
    ]);
  });

  it('refuses an unknown window', async () => {
    const refused = await t.send(owner, 'GET', '/api/job-cards?due=month');
    expect(refused.statusCode).toBe(400);
  });
});
