import { http, type HttpHandler } from 'msw';
import { billSeller, type Bill, type BillLine } from '../../../contract/bills.ts';
import type { Merchant } from '../../../contract/merchants.ts';
import type { OrganizationProfile } from '../../../contract/organization.ts';
import { type BillableOrder, bills } from '@/features/billing/resource';
import { fail, ok } from './envelope';
import { makeMerchants } from './merchants';
import { makeOrder } from './orders';
import {
  createResourceFake,
  keepRequest,
  storedFields,
  TEST_ORGANIZATION_ID,
} from './resource-fake';

/** Two merchants: one in the organization's state (Gujarat), one in Maharashtra. */
export const BILL_MERCHANTS: Merchant[] = makeMerchants(2).map((merchant, index) => ({
  ...merchant,
  state: index === 0 ? '24' : '27',
}));

export function billingProfile(overrides: Partial<OrganizationProfile> = {}): OrganizationProfile {
  return {
    _id: TEST_ORGANIZATION_ID,
    organizationId: TEST_ORGANIZATION_ID,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    version: 1,
    name: 'Asha Embroidery Works',
    legalName: null,
    address: '12 Ring Road',
    city: 'Surat',
    state: '24',
    pincode: '395003',
    phone: null,
    email: null,
    gstin: null,
    pan: null,
    udyamNumber: null,
    upiId: null,
    billPrefix: 'INV',
    creditNotePrefix: 'CN',
    debitNotePrefix: 'DN',
    defaultSac: '998821',
    defaultGstRate: 5,
    paymentTermsDays: 15,
    billTerms: null,
    whatsappSharing: true,
    ...overrides,
  };
}

/** A finished order of `BILL_MERCHANTS[merchant]` for `amount` rupees in one line. */
export function finishedOrder(n: number, merchant: 0 | 1, amount: number): BillableOrder {
  const base = makeOrder(n, { status: 'completed' });
  const owner = BILL_MERCHANTS[merchant] as Merchant;
  const line = { ...(base.designs[0] as BillableOrder['designs'][number]) };
  line.quantity = 1;
  line.rate = amount;
  line.amount = amount;
  return {
    ...base,
    merchantId: owner._id,
    merchant: { _id: owner._id, name: owner.name },
    designs: [line],
    totalQuantity: 1,
    totalAmount: amount,
    billId: null,
    billNumber: null,
  };
}

export function makeBill(n: number, fields: Partial<Bill> = {}): Bill {
  const merchant = BILL_MERCHANTS[n % 2] as Merchant;
  const createdAt = new Date(Date.UTC(2026, 3, n)).toISOString();
  const total = 1000 * n;
  return {
    ...storedFields(8700 + n, createdAt),
    number: `INV/2026-27/${String(n).padStart(4, '0')}`,
    merchantId: merchant._id,
    merchant: {
      _id: merchant._id,
      name: merchant.name,
      address: null,
      city: null,
      gstin: null,
      state: merchant.state,
      phone: null,
    },
    billDate: createdAt.slice(0, 10),
    dueDate: createdAt.slice(0, 10),
    billType: 'tax_invoice',
    gstRate: 0,
    sac: '998821',
    placeOfSupply: merchant.state ?? '24',
    lines: [],
    taxableAmount: total,
    cgstAmount: 0,
    sgstAmount: 0,
    igstAmount: 0,
    roundOff: 0,
    totalAmount: total,
    paidAmount: 0,
    creditedAmount: 0,
    debitedAmount: 0,
    balance: total,
    status: 'unpaid',
    isOverdue: false,
    // The profile as the bill recorded it (parsing keeps only a seller's fields), no street.
    seller: billSeller.parse({
      ...billingProfile({ address: null, city: null, pincode: null }),
      bank: null,
    }),
    notes: null,
    cancelledAt: null,
    cancelReason: null,
    ...fields,
  };
}

type StoredBill = Bill & { orderIds?: string[] };

/**
 * An in-memory /api/bills: the register's list and filters, the unbilled orders, the next number,
 * making a bill (numbered and figured here the way the API describes) and cancelling one.
 */
export function createBillsFake(options: {
  orders: BillableOrder[];
  bills?: Bill[];
  profile?: OrganizationProfile;
}) {
  const profile = options.profile ?? billingProfile();
  const orders = [...options.orders];
  let sequence = options.bills?.length ?? 0;

  const fake = createResourceFake<StoredBill>({
    resource: bills,
    records: options.bills ?? [],
    blank: makeBill(0),
    list: {
      sortable: ['billDate', 'number', 'totalAmount', 'dueDate', 'createdAt'],
      textFilters: { number: 'number' },
      defaultSort: '-createdAt',
      exactFilters: { status: 'status', merchantId: 'merchantId', isOverdue: 'isOverdue' },
      rangeFilters: { startDate: ['billDate', 'min'], endDate: ['billDate', 'max'] },
    },
    derive(record) {
      if (!record.orderIds || record.lines.length > 0) return record;
      const picked = orders.filter((order) => record.orderIds?.includes(order._id));
      const merchant = BILL_MERCHANTS.find((m) => m._id === record.merchantId) as Merchant;
      const lines: BillLine[] = picked.flatMap((order) =>
        order.designs.map((line) => ({
          orderId: order._id,
          poNumber: order.poNumber,
          designCode: line.design.designCode,
          designName: line.design.name,
          quantity: line.quantity,
          rate: line.rate,
          amount: line.amount,
        })),
      );
      const paise = lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
      const rate = record.gstRate;
      const place = record.placeOfSupply || merchant.state || profile.state || '';
      const taxed = record.billType === 'tax_invoice' && rate > 0;
      const half = taxed && place === profile.state ? Math.round((paise * rate) / 200) : 0;
      const igst = taxed && place !== profile.state ? Math.round((paise * rate) / 100) : 0;
      const exact = paise + 2 * half + igst;
      const total = Math.round(exact / 100) * 100;
      sequence += 1;
      const number = `${profile.billPrefix}/2026-27/${String(sequence).padStart(4, '0')}`;
      for (const order of picked) {
        order.billId = record._id;
        order.billNumber = number;
      }
      return {
        ...record,
        number,
        merchant: { ...makeBill(0).merchant, _id: merchant._id, name: merchant.name },
        placeOfSupply: place,
        lines,
        taxableAmount: paise / 100,
        cgstAmount: half / 100,
        sgstAmount: half / 100,
        igstAmount: igst / 100,
        roundOff: (total - exact) / 100,
        totalAmount: total / 100,
        balance: total / 100,
      };
    },
    firstId: 8750,
  });

  const handlers: HttpHandler[] = [
    http.get('*/api/organization', () => ok(profile)),
    http.get('*/api/merchants/all', () => ok({ data: BILL_MERCHANTS })),
    http.get('*/api/bills/next-number', () => {
      const next = sequence + 1;
      return ok({
        number: `${profile.billPrefix}/2026-27/${String(next).padStart(4, '0')}`,
        financialYear: '2026-27',
        sequence: next,
      });
    }),
    http.get('*/api/bills/unbilled-orders', () =>
      ok({ data: orders.filter((order) => !order.billId) }),
    ),
    http.get('*/api/orders/:id', ({ params }) => {
      const order = orders.find((row) => row._id === params.id);
      return order ? ok(order) : fail(404, 'Not found');
    }),
    http.post('*/api/bills/:id/cancel', async ({ request, params }) => {
      const body = (await request.clone().json()) as { reason: string; version?: number };
      keepRequest(fake.requests, request, body);
      const index = fake.records.findIndex((row) => row._id === params.id);
      const current = fake.records[index];
      if (!current) return fail(404, 'Not found');
      if (current.paidAmount > 0) {
        return fail(409, 'Bill has payments', undefined, 'bill_has_payments');
      }
      const cancelled = {
        ...current,
        status: 'cancelled' as const,
        cancelReason: body.reason,
        cancelledAt: new Date().toISOString(),
        version: current.version + 1,
      };
      fake.records[index] = cancelled;
      return ok(cancelled);
    }),
    ...fake.handlers,
  ];
  return { ...fake, handlers, orders };
}
