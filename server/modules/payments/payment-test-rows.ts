import { sql } from 'drizzle-orm';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect } from 'vitest';
import type { PaymentInput } from '../../../contract/payments.ts';
import type { TestApp, TestUser } from '../../test/test-app.ts';
import { merchants } from '../merchants/schema.ts';

/*
 * Merchants, bills and notes written straight to their tables for the tests of what reads them
 * (payments, dues): those care only for dates, totals and status, and the bills tests cover how a
 * real one is made.
 */

export const orgOf = (user: TestUser) => user.auth.organization._id;

export async function createMerchant(t: TestApp, user: TestUser, name: string) {
  const id = uuidv7();
  await t.database.handle.db.insert(merchants).values({ organizationId: orgOf(user), id, name });
  return id;
}

let sequence = 0;
/** Bills and notes take numbers from one sequence, so a later row always sorts after. */
const nextNumber = (prefix: string) => {
  sequence += 1;
  return `${prefix}/2026-27/${String(sequence).padStart(5, '0')}`;
};

export interface BillRowSpec {
  billDate: string;
  /** The bill date when absent. */
  dueDate?: string;
  total: number | string;
  status?: 'unpaid' | 'cancelled';
}

export async function insertBill(
  t: TestApp,
  user: TestUser,
  merchantId: string,
  spec: BillRowSpec,
) {
  const id = uuidv7();
  const number = nextNumber('T');
  await t.database.handle.db.execute(sql`
    insert into bills (organization_id, id, number, merchant_id, bill_date, due_date, bill_type,
      gst_rate, place_of_supply, taxable_amount, cgst_amount, sgst_amount, igst_amount, round_off,
      total_amount, status, seller, merchant)
    values (${orgOf(user)}, ${id}, ${number}, ${merchantId}, ${spec.billDate}::date,
      ${spec.dueDate ?? spec.billDate}::date, 'bill_of_supply', 0, '24',
      ${String(spec.total)}::numeric, 0, 0, 0, 0, ${String(spec.total)}::numeric,
      ${spec.status ?? 'unpaid'}, '{}'::jsonb, '{}'::jsonb)`);
  return { id, number };
}

export interface NoteRowSpec {
  kind: 'credit' | 'debit';
  noteDate: string;
  dueDate: string | null;
  total: number;
}

/** A live note on the bill: a credit note issued, a debit note unpaid. */
export async function insertNote(
  t: TestApp,
  user: TestUser,
  bill: { billId: string; merchantId: string },
  spec: NoteRowSpec,
) {
  const id = uuidv7();
  const { kind } = spec;
  await t.database.handle.db.execute(sql`
    insert into bill_notes (organization_id, id, number, kind, bill_id, merchant_id, note_date,
      due_date, reason, gst_rate, place_of_supply, taxable_amount, cgst_amount, sgst_amount,
      igst_amount, round_off, total_amount, status, seller, merchant)
    values (${orgOf(user)}, ${id}, ${nextNumber(kind === 'credit' ? 'TC' : 'TD')}, ${kind},
      ${bill.billId}, ${bill.merchantId}, ${spec.noteDate}::date, ${spec.dueDate}::date, 'others',
      0, '24', ${String(spec.total)}::numeric, 0, 0, 0, 0, ${String(spec.total)}::numeric,
      ${kind === 'credit' ? 'issued' : 'unpaid'}, '{}'::jsonb, '{}'::jsonb)`);
  return id;
}

/** A payment of the amount on 20 June 2026 by UPI, with whatever else the test names. */
export const paymentOf = (merchantId: string, amount: number, extra: Partial<PaymentInput> = {}) =>
  ({
    merchantId,
    paymentDate: '2026-06-20',
    amount,
    method: 'upi',
    reference: 'UTR123456789012',
    ...extra,
  }) as PaymentInput;

/**
 * Sends the requests while another connection holds the document's row lock, and lets it go once
 * they have had time to reach the database: they then all contend at once, whatever the
 * machine's speed, rather than one finishing before the next starts.
 */
async function sentWhileLocked(
  t: TestApp,
  user: TestUser,
  row: { table: 'bills' | 'bill_notes'; id: string },
  requests: () => Promise<Response>[],
) {
  const blocker = new pg.Client({ connectionString: t.database.url });
  await blocker.connect();
  try {
    await blocker.query('begin');
    await blocker.query(
      `select id from ${row.table} where organization_id = $1 and id = $2 for update`,
      [orgOf(user), row.id],
    );
    const pending = requests();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await blocker.query('commit');
    return await Promise.all(pending);
  } finally {
    await blocker.end();
  }
}

/**
 * Payments sent over a real socket, for races: inject runs requests one at a time. Call inside a
 * describe; the app listens once its beforeAll has run.
 */
export function racingPayments(of: () => { app: TestApp; user: TestUser }) {
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await of().app.app.listen({ port: 0, host: '127.0.0.1' });
  });
  return {
    url: () => baseUrl,
    post: (body: PaymentInput) =>
      fetch(`${baseUrl}/api/payments`, {
        method: 'POST',
        headers: { ...of().user.bearer, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    whileLocked: (table: 'bills' | 'bill_notes', id: string, requests: () => Promise<Response>[]) =>
      sentWhileLocked(of().app, of().user, { table, id }, requests),
  };
}

/**
 * Of payments that each name more than half of what a document owes, exactly one is made; the
 * others are refused for asking above the balance the first one left.
 */
export async function expectOneAllocationWins(responses: Response[], balanceLeft: number) {
  const statuses = responses.map((response) => response.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.every((status) => status === 201 || status === 400)).toBe(true);
  const refusal = (await responses.find((r) => r.status === 400)?.json()) as {
    errors?: { path: string; params?: Record<string, unknown> }[];
  };
  expect(refusal.errors?.[0]).toMatchObject({
    path: 'allocations.0.amount',
    params: { rule: 'allocation_above_balance', balance: balanceLeft },
  });
}
