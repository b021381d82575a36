import {
  billNote,
  billNoteCreate,
  billNoteListQuery,
  type BillNote,
  type BillNoteKind,
} from '../../../contract/bill-notes.ts';
import {
  bill,
  billCreate,
  billListQuery,
  billUpdate,
  type Bill,
  type BillNextNumber,
} from '../../../contract/bills.ts';
import type { Order } from '../../../contract/orders.ts';
import { OPEN_BILLS_KEPT } from '@/lib/offline/working-set-caps';
import { createResource } from '@/lib/resource-factory';
import type billTexts from '../../../public/locales/en/bills.json';

/**
 * Bills are made from finished orders and never deleted (cancelled instead); making or cancelling
 * one changes its orders (bill number, paid flag).
 */
export const bills = createResource({
  namespace: 'bills',
  schemas: { record: bill, create: billCreate, update: billUpdate, listQuery: billListQuery },
  // A new or cancelled bill changes what is owed: open bills, the dues book, statements.
  related: ['orders', 'payments'],
  messages: { deleted: null },
  offline: { page: '/billing' },
  workingSet: {
    permission: 'bills.read',
    firstPage: true,
    records: {
      lists: (['unpaid', 'partly_paid'] as const).map((status) => ({
        status,
        sort: 'billDate' as const,
      })),
      max: OPEN_BILLS_KEPT,
    },
  },
});

declare module '@/lib/translation-resources' {
  interface AppResources {
    bills: typeof billTexts;
  }
}

/** An order as the billing desk reads it; `billId`/`billNumber` are null until it is billed. */
export type BillableOrder = Order & { billId?: string | null; billNumber?: string | null };

/**
 * Finished orders on no live bill. Keyed under `bills`, so making or cancelling a bill refetches
 * it with the register.
 */
export const unbilledOrders = bills.defineRead<BillableOrder[], { merchantId?: string } | void>(
  'unbilled-orders',
  {
    path: () => '/unbilled-orders',
    searchParams: (params) => ({ ...(params ?? {}) }),
    failure: 'bills:errors.fetchUnbilled',
    select: (data) => (data as { data: BillableOrder[] }).data,
  },
);

/**
 * The number the next bill of a date would take, for the review before issuing; only a forecast,
 * since another device may issue a bill first. Keyed under `bills`, so issuing one refetches it.
 */
export const billNextNumber = bills.defineRead<BillNextNumber, { billDate: string }>(
  'next-number',
  {
    path: () => '/next-number',
    searchParams: ({ billDate }) => ({ billDate }),
    failure: 'bills:errors.fetchNextNumber',
  },
);

/** Keeps the number; the bill's orders can be billed again. */
export const useCancelBill = bills.defineAction<
  { id: string; reason: string; version: number },
  Bill
>('cancel', {
  method: 'POST',
  path: ({ id }) => `/${encodeURIComponent(id)}/cancel`,
  body: ({ reason, version }) => ({ reason, version }),
  success: 'bills:toast.cancelled',
  failure: 'bills:errors.cancel',
});

/**
 * Credit and debit notes against a bill; never edited (cancelled instead). A note changes what
 * its bill and merchant owe: the bill's balance, the dues book, statements.
 */
export const billNotes = createResource({
  name: 'bill-notes',
  namespace: 'bills',
  schemas: {
    record: billNote,
    create: billNoteCreate,
    update: billNoteCreate,
    listQuery: billNoteListQuery,
  },
  related: ['bills', 'payments'],
  messages: {
    created: 'bills:billNotes.toast.created',
    deleted: null,
    fetchListFailed: 'bills:billNotes.errors.fetchList',
    fetchOneFailed: 'bills:billNotes.errors.fetchList',
    fetchAllFailed: 'bills:billNotes.errors.fetchList',
    createFailed: 'bills:billNotes.errors.create',
  },
});

/** Only a forecast of the number, for the review before a note is issued. */
export const billNoteNextNumber = billNotes.defineRead<
  BillNextNumber,
  { kind: BillNoteKind; noteDate: string }
>('next-number', {
  path: () => '/next-number',
  searchParams: ({ kind, noteDate }) => ({ kind, noteDate }),
  failure: 'bills:errors.fetchNextNumber',
});

/** Keeps the number; gives the bill back what the note took off or added. */
export const useCancelBillNote = billNotes.defineAction<
  { id: string; reason: string; version: number },
  BillNote
>('cancel', {
  method: 'POST',
  path: ({ id }) => `/${encodeURIComponent(id)}/cancel`,
  body: ({ reason, version }) => ({ reason, version }),
  success: 'bills:billNotes.toast.cancelled',
  failure: 'bills:billNotes.errors.cancel',
});
