// The endpoints the API benchmark measures, with ids and page numbers read from the generated
// dataset.
import { api } from './api-call.ts';

export interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /**
   * A file download measured as whole downloads (a fixed number per connection count) instead
   * of a load window, which it outlasts at 32 connections.
   */
  download?: true;
  /**
   * A write that uses up what it names (bill creation bills an order once): each request takes
   * the next body from this list, and the run ends when its share is spent.
   */
  consumable?: {
    bodies: unknown[];
    /** The value in `body` each floor replay swaps for the one in a different unused body. */
    replaced: string;
    replacements: string[];
  };
}

/** A finished order not on any bill, as bill creation needs it. */
interface UnbilledOrder {
  _id: string;
  merchantId: string;
}

/**
 * Completed orders not yet on a bill, read page by page (the generator leaves a tenth of the book
 * so). Enough for the floor replays and both load runs at the sizes' request rates.
 */
async function unbilledOrders(base: string, token: string, wanted: number) {
  const found: UnbilledOrder[] = [];
  for (let page = 1; found.length < wanted; page += 1) {
    const list = await api<{
      data: (UnbilledOrder & { billId: string | null })[];
      totalPages: number;
    }>(base, token, 'GET', `/api/orders?status=completed&page=${page}&limit=100`);
    found.push(...list.data.filter((order) => order.billId === null));
    if (page >= list.totalPages) break;
  }
  return found.slice(0, wanted);
}

/** Unbilled orders the floor replays swap in, one per replay (they are rolled back). */
const FLOOR_SPARE = 60;
/** Unbilled orders the bill-creation endpoint reads: the floor's and both load runs'. */
const BILL_POOL = 4_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The endpoints of the performance issue, with ids and page numbers read from the dataset. */
export async function endpointsFor(
  base: string,
  token: string,
): Promise<{ endpoints: Endpoint[]; deepPage: number }> {
  const firstPage = await api<{ data: { _id: string }[]; totalPages: number }>(
    base,
    token,
    'GET',
    '/api/orders?page=1&limit=10',
  );
  const merchants = await api<{ data: { _id: string }[] }>(
    base,
    token,
    'GET',
    '/api/merchants/all',
  );
  const designs = await api<{ data: { _id: string }[] }>(base, token, 'GET', '/api/designs/all');
  const stages = await api<{ data: { _id: string }[] }>(
    base,
    token,
    'GET',
    '/api/production/stages',
  );
  const boardStageId = stages.data[1]?._id;
  const orderId = firstPage.data[3]?._id ?? firstPage.data[0]?._id;
  const merchantId = merchants.data[0]?._id;
  const [design1, design2] = designs.data;
  if (!orderId || !merchantId || !design1 || !design2 || !boardStageId)
    throw new Error('dataset has no orders, merchants, designs or production stages');
  const deepPage = Math.max(1, Math.min(5000, firstPage.totalPages));
  const today = new Date();
  const billable = await unbilledOrders(base, token, BILL_POOL);
  const [firstBillable, ...otherBillable] = billable;
  if (!firstBillable) throw new Error('dataset has no completed order without a bill');
  const floorSpare = Math.min(FLOOR_SPARE, Math.floor(otherBillable.length / 3));
  const billBody = (order: UnbilledOrder) => ({
    merchantId: order.merchantId,
    orderIds: [order._id],
    billDate: isoDay(today),
  });
  const yearAgo = new Date(today.getTime() - 365 * 86_400_000);
  // Before the oldest generated order, whatever the size's years.
  const firstDay = new Date(Date.UTC(2000, 0, 1));
  const range = `startDate=${isoDay(yearAgo)}&endDate=${isoDay(today)}`;
  return {
    deepPage,
    endpoints: [
      {
        // What every signed-in request pays before any work (HTTP, session lookup, envelope):
        // the floor of the concurrency figures below.
        name: 'signed-in baseline (/auth/me)',
        method: 'GET',
        path: '/api/auth/me',
      },
      { name: 'orders list, page 1', method: 'GET', path: '/api/orders?page=1&limit=10' },
      {
        name: 'orders list, status + date filter',
        method: 'GET',
        path: `/api/orders?status=completed&${range}&page=1&limit=10`,
      },
      {
        name: `orders list, page ${deepPage}`,
        method: 'GET',
        path: `/api/orders?page=${deepPage}&limit=10`,
      },
      { name: 'order detail', method: 'GET', path: `/api/orders/${orderId}` },
      {
        // One column of the tasks board: a stage's open cards, soonest due first.
        name: 'tasks board, one stage',
        method: 'GET',
        path: `/api/job-cards?stageId=${boardStageId}&isDone=false&sort=dueDate&page=1&limit=20`,
      },
      {
        name: 'order create',
        method: 'POST',
        path: '/api/orders',
        body: {
          merchantId,
          poNumber: 'PO-BENCH',
          orderDate: isoDay(today),
          designs: [
            { designId: design1._id, quantity: 25, rate: 140 },
            { designId: design2._id, quantity: 10, rate: 95.5 },
          ],
        },
      },
      {
        name: 'analytics, month over a year',
        method: 'GET',
        path: `/api/reports/orders?groupBy=month&${range}`,
      },
      {
        name: 'analytics, merchant all time',
        method: 'GET',
        path: '/api/reports/orders?groupBy=merchant',
      },
      {
        name: 'expense monthly summary',
        method: 'GET',
        path: `/api/expenses/summary/monthly?year=${today.getUTCFullYear() - 1}`,
      },
      { name: 'salary summary', method: 'GET', path: '/api/worker-salaries/summary' },
      { name: 'merchants pick list', method: 'GET', path: '/api/merchants/all' },
      {
        // Numbering takes a per-organization lock, so at 32 connections requests queue on it.
        name: 'bill create, one order',
        method: 'POST',
        path: '/api/bills',
        body: billBody(firstBillable),
        consumable: {
          bodies: otherBillable.slice(floorSpare).map(billBody),
          replaced: firstBillable._id,
          replacements: otherBillable.slice(0, floorSpare).map((order) => order._id),
        },
      },
      { name: 'bill register, page 1', method: 'GET', path: '/api/bills?page=1&limit=10' },
      {
        name: 'bill register, overdue of a merchant',
        method: 'GET',
        path: `/api/bills?merchantId=${merchantId}&isOverdue=true&page=1&limit=10`,
      },
      {
        name: 'bill register CSV, a year',
        method: 'GET',
        path: `/api/bills/export.csv?${range}`,
        download: true,
      },
      { name: 'dues report, today', method: 'GET', path: '/api/reports/dues' },
      {
        name: 'merchant statement, 5 years',
        method: 'GET',
        path: `/api/merchants/${merchantId}/statement?startDate=${isoDay(firstDay)}&endDate=${isoDay(today)}`,
      },
    ],
  };
}
