import { http, type HttpHandler } from 'msw';
import type { DuesReport, DuesRow, Statement } from '../../../contract/dues.ts';
import type { Merchant } from '../../../contract/merchants.ts';
import type { OrganizationProfile } from '../../../contract/organization.ts';
import type { OpenBill, Payment, PaymentAllocationInput } from '../../../contract/payments.ts';
import { payments } from '@/features/payments/resource';
import { billingProfile } from './bills';
import { ok } from './envelope';
import { makeMerchants, NO_DUES } from './merchants';
import { createResourceFake, storedFields, testId } from './resource-fake';

export const PAYMENT_MERCHANTS: Merchant[] = makeMerchants(3).map((merchant, index) => ({
  ...merchant,
  phone: index === 0 ? '98250 12345' : null,
}));

export function openBill(n: number, fields: Partial<OpenBill> = {}): OpenBill {
  const total = fields.totalAmount ?? 1000 * n;
  const paid = fields.paidAmount ?? 0;
  return {
    _id: testId(8800 + n),
    kind: 'bill',
    number: `INV/2026-27/${String(n).padStart(4, '0')}`,
    billDate: `2026-04-${String(n).padStart(2, '0')}`,
    dueDate: `2026-04-${String(n + 15).padStart(2, '0')}`,
    totalAmount: total,
    paidAmount: paid,
    balance: Math.round((total - paid) * 100) / 100,
    isOverdue: false,
    ...fields,
  };
}

export function makePayment(n: number, fields: Partial<Payment> = {}): Payment {
  const merchant = PAYMENT_MERCHANTS[n % PAYMENT_MERCHANTS.length] as Merchant;
  const createdAt = new Date(Date.UTC(2026, 4, n)).toISOString();
  const amount = fields.amount ?? 500 * n;
  const tdsAmount = fields.tdsAmount ?? 0;
  const allocations = fields.allocations ?? [];
  const allocated = allocations.reduce((sum, row) => sum + Math.round(row.amount * 100), 0) / 100;
  return {
    ...storedFields(7700 + n, createdAt),
    merchantId: merchant._id,
    merchant: { _id: merchant._id, name: merchant.name },
    paymentDate: createdAt.slice(0, 10),
    amount,
    method: 'upi',
    reference: null,
    tdsAmount,
    notes: null,
    allocations,
    allocatedAmount: allocated,
    unallocatedAmount: Math.round((amount + tdsAmount - allocated) * 100) / 100,
    ...fields,
  };
}

const paise = (amount: number) => Math.round(amount * 100);

/**
 * An in-memory /api/payments: the register (filters, totals), open bills per merchant, and writes
 * that settle those bills as the API describes (automatic oldest first without `allocations`).
 */
export function createPaymentsFake(
  options: {
    payments?: Payment[];
    openBills?: Record<string, OpenBill[]>;
  } = {},
) {
  const openBills = options.openBills ?? {};
  const billNumber = (billId: string) =>
    Object.values(openBills)
      .flat()
      .find((bill) => bill._id === billId)?.number ?? billId;
  const derive = (stored: Payment): Payment => {
    const merchant = PAYMENT_MERCHANTS.find((candidate) => candidate._id === stored.merchantId);
    const received = paise(stored.amount) + paise(stored.tdsAmount);
    let rows: Payment['allocations'] | undefined = (
      stored.allocations as (PaymentAllocationInput & { billNumber?: unknown })[] | null
    )?.map((row) => ({
      billId: row.billId,
      billNumber: billNumber(row.billId),
      kind: 'bill',
      amount: row.amount,
    }));
    if (!rows) {
      let left = received;
      rows = [];
      for (const bill of openBills[stored.merchantId] ?? []) {
        const take = Math.min(left, paise(bill.balance));
        if (take > 0)
          rows.push({
            billId: bill._id,
            billNumber: bill.number,
            kind: bill.kind,
            amount: take / 100,
          });
        left -= take;
      }
    }
    const allocated = rows.reduce((sum, row) => sum + paise(row.amount), 0);
    return {
      ...stored,
      tdsAmount: stored.tdsAmount ?? 0,
      merchant: { _id: stored.merchantId, name: merchant?.name ?? '' },
      allocations: rows,
      allocatedAmount: allocated / 100,
      unallocatedAmount: (received - allocated) / 100,
    };
  };
  const fake = createResourceFake<Payment>({
    resource: payments,
    records: options.payments ?? [],
    // No allocations in the body means "apply automatically": derive splits it.
    blank: { ...makePayment(0), allocations: null as unknown as Payment['allocations'] },
    list: {
      sortable: ['paymentDate', 'amount', 'createdAt'],
      defaultSort: '-paymentDate',
      exactFilters: { merchantId: 'merchantId', method: 'method' },
      rangeFilters: { startDate: ['paymentDate', 'min'], endDate: ['paymentDate', 'max'] },
      filter: (rows, search) => {
        const billId = search.get('billId');
        search.delete('billId');
        return billId
          ? rows.filter((row) => row.allocations.some((line) => line.billId === billId))
          : rows;
      },
    },
    derive,
  });
  const totalsRequests: URLSearchParams[] = [];
  const handlers: HttpHandler[] = [
    http.get('*/api/payments/totals', ({ request }) => {
      const search = new URL(request.url).searchParams;
      totalsRequests.push(search);
      const rows = fake.records.filter(
        (row) =>
          (!search.get('merchantId') || row.merchantId === search.get('merchantId')) &&
          (!search.get('method') || row.method === search.get('method')) &&
          (!search.get('startDate') || row.paymentDate >= String(search.get('startDate'))) &&
          (!search.get('endDate') || row.paymentDate <= String(search.get('endDate'))),
      );
      const sum = (pick: (row: Payment) => number) =>
        rows.reduce((total, row) => total + paise(pick(row)), 0) / 100;
      return ok({
        count: rows.length,
        amount: sum((row) => row.amount),
        tdsAmount: sum((row) => row.tdsAmount),
        unallocatedAmount: sum((row) => row.unallocatedAmount),
      });
    }),
    http.get('*/api/payments/open-bills', ({ request }) => {
      const merchantId = new URL(request.url).searchParams.get('merchantId') ?? '';
      return ok({ data: openBills[merchantId] ?? [] });
    }),
    http.get('*/api/merchants/all', () => ok({ data: PAYMENT_MERCHANTS })),
    ...fake.handlers,
  ];
  return { ...fake, handlers, totalsRequests, openBills };
}

export function duesRow(n: number, fields: Partial<DuesRow> = {}): DuesRow {
  const merchant = PAYMENT_MERCHANTS[n % PAYMENT_MERCHANTS.length] as Merchant;
  return {
    merchantId: merchant._id,
    merchantName: merchant.name,
    ...NO_DUES,
    oldestDueDate: null,
    oldestBillDays: null,
    ...fields,
  };
}

/** The dues report as the API sums it: totals over every row. */
export function duesReport(asOf: string, rows: DuesRow[]): DuesReport {
  const sum = (pick: (row: DuesRow) => number) =>
    rows.reduce((total, row) => total + paise(pick(row)), 0) / 100;
  return {
    asOf,
    rows,
    totals: {
      billedAmount: sum((row) => row.billedAmount),
      receivedAmount: sum((row) => row.receivedAmount),
      advanceAmount: sum((row) => row.advanceAmount),
      outstandingAmount: sum((row) => row.outstandingAmount),
      overdueAmount: sum((row) => row.overdueAmount),
      ageing: {
        days0to15: sum((row) => row.ageing.days0to15),
        days16to45: sum((row) => row.ageing.days16to45),
        days46to90: sum((row) => row.ageing.days46to90),
        days90plus: sum((row) => row.ageing.days90plus),
      },
    },
  };
}

export function statementOf(merchant: Merchant, fields: Partial<Statement> = {}): Statement {
  return {
    merchant: {
      _id: merchant._id,
      name: merchant.name,
      address: null,
      city: 'Surat',
      gstin: null,
      state: '24',
      phone: merchant.phone ?? null,
    },
    startDate: '2026-04-01',
    endDate: '2027-03-31',
    openingBalance: 0,
    entries: [],
    closingBalance: 0,
    ...fields,
  };
}

export function paymentsProfile(overrides: Partial<OrganizationProfile> = {}) {
  return billingProfile(overrides);
}

export const profileHandler = (profile: OrganizationProfile) =>
  http.get('*/api/organization', () => ok(profile));
