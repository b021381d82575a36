import { http } from 'msw';
import type { Merchant } from '../../../contract/merchants.ts';
import { merchants } from '@/features/merchants/resource';
import { ok } from './envelope';
import { createResourceFake, TEST_ORGANIZATION_ID, testId } from './resource-fake';

export { TEST_ORGANIZATION_ID, testId } from './resource-fake';

const CITIES = ['Surat', 'Ahmedabad', 'Vadodara', 'Rajkot', 'Mumbai', null] as const;
const NAMES = [
  'Shree Ganesh Textiles',
  'Patel Embroidery House',
  'Laxmi Sarees',
  'Ambika Fabrics',
  'Krishna Creations',
  'Om Sai Traders',
  'Jay Bhavani Silk Mills',
  'Radhe Fashion',
];

/** Deterministic merchants; the first is the newest, as the API's default order returns them. */
export function makeMerchants(count: number): Merchant[] {
  const base = Date.UTC(2025, 0, 1);
  return Array.from({ length: count }, (_, index) => {
    const n = count - index;
    const createdAt = new Date(base + n * 86_400_000).toISOString();
    return {
      _id: testId(n),
      organizationId: TEST_ORGANIZATION_ID,
      version: 1,
      name: `${NAMES[(n - 1) % NAMES.length]}${n > NAMES.length ? ` ${Math.ceil(n / NAMES.length)}` : ''}`,
      contactPerson: n % 3 === 0 ? null : `Contact ${n}`,
      phone: n % 4 === 0 ? null : `+91 98250 ${String(10000 + n).slice(-5)}`,
      email: null,
      address: null,
      city: CITIES[n % CITIES.length] ?? null,
      gstin: n % 2 === 0 ? `24ABCDE${String(1000 + n).slice(-4)}F1Z5` : null,
      state: n % 2 === 0 ? '24' : null,
      notes: null,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

export interface MerchantsFakeOptions {
  merchants?: Merchant[];
  /** Merchants that orders still reference: deleting them is 409. */
  referencedIds?: string[];
}

/** An in-memory /api/merchants, as the API pages, filters, sorts and validates it. */
export function createMerchantsFake(options: MerchantsFakeOptions = {}) {
  const fake = createResourceFake<Merchant>({
    resource: merchants,
    records: options.merchants ?? makeMerchants(12),
    blank: {
      name: '',
      contactPerson: null,
      phone: null,
      email: null,
      address: null,
      city: null,
      gstin: null,
      state: null,
      notes: null,
    },
    list: {
      sortable: ['name', 'createdAt'],
      textFilters: { name: 'name' },
      defaultSort: '-createdAt',
    },
    pickListSort: 'name',
    referencedIds: options.referencedIds ?? [],
    firstId: 1000,
  });
  // The list shows what each merchant owes from the dues book; nobody owes anything here.
  const dues = http.get('*/api/reports/dues', () =>
    ok({ asOf: '2026-01-01', rows: [], totals: NO_DUES }),
  );
  return { ...fake, handlers: [...fake.handlers, dues], merchants: fake.records };
}

/** Dues figures of someone who owes nothing. */
export const NO_DUES = {
  billedAmount: 0,
  receivedAmount: 0,
  advanceAmount: 0,
  outstandingAmount: 0,
  overdueAmount: 0,
  ageing: { days0to15: 0, days16to45: 0, days46to90: 0, days90plus: 0 },
};

export type MerchantsFake = ReturnType<typeof createMerchantsFake>;
