import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, paged } from '../../../contract/common.ts';
import { jobCard } from '../../../contract/production.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

/*
 * "Due today" and "due this week" count from the organization's day. The clock is Wednesday
 * 11 March 2026 at noon UTC, the same calendar day on every time zone a workshop runs in.
 */
const NOW = new Date('2026-03-11T12:00:00Z');

let t: TestApp;
let owner: TestUser;
const poByDue = new Map<string | null, string>();

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
  }
});

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

  it('refuses an unknown window', async () => {
    const refused = await t.send(owner, 'GET', '/api/job-cards?due=month');
    expect(refused.statusCode).toBe(400);
  });
});
