import {
  payment,
  paymentCreate,
  paymentListQuery,
  paymentUpdate,
  type OpenBill,
  type PaymentListParams,
  type PaymentTotals,
} from '../../../contract/payments.ts';
import { queuedPayment, showPaymentOnBills } from '@/lib/offline/queued-records';
import { createResource } from '@/lib/resource-factory';
import type paymentTexts from '../../../public/locales/en/payments.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    payments: typeof paymentTexts;
  }
}

/**
 * Money received from merchants. A payment changes its bills' paid amount and status, and those
 * the paid flag of the bills' orders.
 */
export const payments = createResource({
  namespace: 'payments',
  schemas: {
    record: payment,
    create: paymentCreate,
    update: paymentUpdate,
    listQuery: paymentListQuery,
  },
  related: ['bills', 'orders'],
  offline: {
    page: '/payments',
    created: queuedPayment,
    afterCreate: showPaymentOnBills,
  },
  workingSet: { permission: 'payments.read', firstPage: true },
});

export type PaymentFilters = Partial<Omit<PaymentListParams, 'page' | 'limit' | 'sort'>>;

/** Sums of every payment the register's filters match, not only the page on screen. */
export const paymentTotals = payments.defineRead<PaymentTotals, PaymentFilters>('totals', {
  path: () => '/totals',
  searchParams: (params) => ({ ...params }),
  failure: 'payments:errors.fetchTotals',
  keepPrevious: true,
});

/** A merchant's bills that can still take money, oldest first. */
export const openBills = payments.defineRead<OpenBill[], { merchantId: string }>('open-bills', {
  path: () => '/open-bills',
  searchParams: ({ merchantId }) => ({ merchantId }),
  failure: 'payments:errors.fetchOpenBills',
  select: (data) => (data as { data: OpenBill[] }).data,
});
