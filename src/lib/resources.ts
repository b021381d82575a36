import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { z } from 'zod';
import type { AuditEntry, AuditListParams } from '../../contract/audit.ts';
import {
  billNote,
  billNoteCreate,
  billNoteListQuery,
  type BillNote,
  type BillNoteKind,
} from '../../contract/bill-notes.ts';
import {
  bill,
  billCreate,
  billListQuery,
  billUpdate,
  type Bill,
  type BillNextNumber,
} from '../../contract/bills.ts';
import type { Paged } from '../../contract/common.ts';
import {
  bankDetail,
  bankDetailCreate,
  bankDetailListQuery,
  bankDetailUpdate,
  type BankDetail,
} from '../../contract/bank-details.ts';
import { design, designCreate, designListQuery, designUpdate } from '../../contract/designs.ts';
import {
  expense,
  expenseCreate,
  expenseListQuery,
  expenseUpdate,
  type ExpenseSummary,
} from '../../contract/expenses.ts';
import {
  merchant,
  merchantCreate,
  merchantListQuery,
  merchantUpdate,
} from '../../contract/merchants.ts';
import type { OrderAnalytics, OrderAnalyticsParams } from '../../contract/order-analytics.ts';
import {
  order,
  orderCreate,
  orderListQuery,
  orderUpdate,
  type Order,
  type OrderStatus,
} from '../../contract/orders.ts';
import {
  workerSalary,
  workerSalaryCreate,
  workerSalaryListQuery,
  workerSalaryUpdate,
  type WorkerSalarySummary,
} from '../../contract/worker-salaries.ts';
import { worker, workerCreate, workerListQuery, workerUpdate } from '../../contract/workers.ts';
import { user, userCreate, userListQuery, userUpdate, type User } from '../../contract/users.ts';
import {
  jobCard,
  jobCardListQuery,
  jobCardUpdate,
  productionEntry,
  productionEntryCreate,
  productionEntryListQuery,
  productionEntryUpdate,
  type JobCard,
  type JobCardsFromOrder,
  type ProductionEntryBatch,
  type ProductionEntryBatchResult,
  type ProductionStage,
  type ProductionStagesInput,
  type ProductionStageList,
  type WorkerWages,
} from '../../contract/production.ts';
import type { OrganizationProfile, OrganizationUpdate } from '../../contract/organization.ts';
import {
  payment,
  paymentCreate,
  paymentListQuery,
  paymentUpdate,
  type OpenBill,
  type PaymentListParams,
  type PaymentTotals,
} from '../../contract/payments.ts';
import type { DuesReport, Statement } from '../../contract/dues.ts';
import type { Permission } from '../../contract/permissions.ts';
import { apiRequest } from '@/lib/api-client';
import {
  editedOrder,
  queuedOrder,
  queuedPayment,
  queuedProductionEntry,
  showCardMove,
  showLoggedWork,
  showPaymentOnBills,
} from '@/lib/offline/queued-records';
import { createResource } from '@/lib/resource-factory';
import { AUDIT_LOG_KEY, createWriteHook } from '@/lib/resource-writes';
import type auditTexts from '../../public/locales/en/audit.json';
import type billTexts from '../../public/locales/en/bills.json';
import type bankDetailTexts from '../../public/locales/en/bank-details.json';
import type designTexts from '../../public/locales/en/designs.json';
import type expenseAnalysisTexts from '../../public/locales/en/expense-analysis.json';
import type expenseTexts from '../../public/locales/en/expenses.json';
import type merchantTexts from '../../public/locales/en/merchants.json';
import type orderAnalyticsTexts from '../../public/locales/en/order-analytics.json';
import type orderTexts from '../../public/locales/en/orders.json';
import type salaryTexts from '../../public/locales/en/worker-salaries.json';
import type workerTexts from '../../public/locales/en/workers.json';
import type userTexts from '../../public/locales/en/users.json';
import type organizationTexts from '../../public/locales/en/organization.json';
import type productionTexts from '../../public/locales/en/production.json';
import type dataIoTexts from '../../public/locales/en/data-io.json';
import type paymentTexts from '../../public/locales/en/payments.json';
import type duesTexts from '../../public/locales/en/dues.json';

declare module '@/lib/translation-resources' {
  /** Each area's English texts, typing its `t` keys. */
  interface AppResources {
    'bank-details': typeof bankDetailTexts;
    bills: typeof billTexts;
    'data-io': typeof dataIoTexts;
    designs: typeof designTexts;
    'expense-analysis': typeof expenseAnalysisTexts;
    expenses: typeof expenseTexts;
    merchants: typeof merchantTexts;
    'order-analytics': typeof orderAnalyticsTexts;
    orders: typeof orderTexts;
    production: typeof productionTexts;
    payments: typeof paymentTexts;
    dues: typeof duesTexts;
    'worker-salaries': typeof salaryTexts;
    workers: typeof workerTexts;
    users: typeof userTexts;
  }
}

/*
 * Every resource of the API, defined once from the contract: its key, path, texts, the other
 * resources its writes refresh, and its extra reads and actions. Pages, pick lists and reports
 * take their queries and keys from here, and replaying writes queued offline loads this one
 * module to know how to send each of them.
 */

/*
 * How much of the open work a device keeps for a day offline. The cache is saved to IndexedDB as
 * one JSON snapshot, written again after every change: an open order with its lines is about
 * 1.5 KB there, so 2,000 orders, 3,000 cards and 1,000 bills keep the snapshot near 6 MB and
 * its save to a few hundred milliseconds on a tablet. Beyond that the oldest work is kept
 * first; a workshop with more open orders than this works on the oldest ones first anyway.
 */
export const OPEN_ORDERS_KEPT = 2000;
export const OPEN_CARDS_KEPT = 3000;
export const OPEN_BILLS_KEPT = 1000;

export const merchants = createResource({
  name: 'merchants',
  path: '/merchants',
  namespace: 'merchants',
  schemas: {
    record: merchant,
    create: merchantCreate,
    update: merchantUpdate,
    list: merchantListQuery,
  },
  // Orders embed the merchant's name, so a rename must not leave stale order rows behind.
  related: ['orders'],
  messages: { fetchAllFailed: 'merchants:errors.fetchAll' },
  offline: { page: '/merchants' },
  workingSet: { permission: 'merchants.read', pickList: true, firstPage: true },
});

export const designs = createResource({
  name: 'designs',
  path: '/designs',
  namespace: 'designs',
  schemas: { record: design, create: designCreate, update: designUpdate, list: designListQuery },
  // Order lines embed the design's name and code.
  related: ['orders'],
  offline: { page: '/designs' },
  workingSet: { permission: 'designs.read', pickList: true, firstPage: true },
});

export const workers = createResource({
  name: 'workers',
  path: '/workers',
  namespace: 'workers',
  schemas: { record: worker, create: workerCreate, update: workerUpdate, list: workerListQuery },
  // Salary entries embed the worker's name and the summary groups by it.
  related: ['worker-salaries'],
  // The spec keeps a worker's deletion silent.
  messages: { deleted: null },
  offline: { page: '/workers' },
  workingSet: { permission: 'workers.read', pickList: true, firstPage: true },
});

export const workerSalaries = createResource({
  name: 'worker-salaries',
  path: '/worker-salaries',
  namespace: 'worker-salaries',
  schemas: {
    record: workerSalary,
    create: workerSalaryCreate,
    update: workerSalaryUpdate,
    list: workerSalaryListQuery,
  },
  // The server records who made and changed an entry, so writes need the signed-in user.
  requireUser: true,
  offline: {
    forms: {
      create: '/salary-management/create',
      edit: (id) => `/salary-management/edit/${encodeURIComponent(id)}`,
    },
  },
  workingSet: { permission: 'salaries.read', firstPage: true },
});

export interface SalarySummaryParams {
  workerId?: string | undefined;
  year?: number | undefined;
  month?: number | undefined;
}

/** Keyed under `worker-salaries`, so every salary write refetches it with the list. */
export const salarySummary = workerSalaries.defineRead<WorkerSalarySummary, SalarySummaryParams>(
  'summary',
  {
    path: () => '/summary',
    searchParams: (params) => ({ ...params }),
    failure: 'worker-salaries:errors.summary',
  },
);

export const bankDetails = createResource({
  name: 'bank-details',
  path: '/bank-details',
  namespace: 'bank-details',
  schemas: {
    record: bankDetail,
    create: bankDetailCreate,
    update: bankDetailUpdate,
    list: bankDetailListQuery,
  },
  messages: { fetchAllFailed: 'bank-details:errors.fetchAll' },
  offline: { page: '/bank-details' },
  workingSet: { permission: 'bankDetails.read', firstPage: true },
});

/** The account printed on bills; `null` when none is active (the API answers 404). */
export const activeBankDetail = bankDetails.defineRead<BankDetail>('active', {
  path: () => '/active',
  failure: 'bank-details:errors.fetchActive',
  notFoundAsNull: true,
});

/** Sends the version of the row the user clicked, so a change made since then is not hidden. */
export const useSetActiveBankDetail = bankDetails.defineAction<{ id: string; version: number }>(
  'set-active',
  {
    method: 'PATCH',
    path: ({ id }) => `/${encodeURIComponent(id)}/set-active`,
    body: ({ version }) => ({ version }),
    success: 'bank-details:toast.setActive',
    failure: 'bank-details:errors.setActive',
  },
);

export const expenses = createResource({
  name: 'expenses',
  path: '/expenses',
  namespace: 'expenses',
  schemas: {
    record: expense,
    create: expenseCreate,
    update: expenseUpdate,
    list: expenseListQuery,
  },
  offline: { page: '/expenses' },
  workingSet: { permission: 'expenses.read', firstPage: true },
});

/**
 * The organization's category names for the form's suggestions. Keyed under `expenses`, so a new
 * category appears after any expense write.
 */
export const expenseCategories = expenses.defineRead<string[]>('categories', {
  path: () => '/categories',
  failure: 'expenses:errors.fetchCategories',
  select: (data) => (data as { data: string[] }).data,
});

/**
 * One year's summary, keyed under `expenses` so every expense write refetches it; the same key
 * serves a year whether it was asked for as "the chosen year" or "the year before".
 */
export const expenseSummary = expenses.defineRead<ExpenseSummary, { year: number }>('summary', {
  path: () => '/summary/monthly',
  searchParams: ({ year }) => ({ year }),
  failure: 'expense-analysis:errors.fetchSummary',
});

export const orders = createResource({
  name: 'orders',
  path: '/orders',
  namespace: 'orders',
  schemas: { record: order, create: orderCreate, update: orderUpdate, list: orderListQuery },
  offline: {
    created: queuedOrder,
    edited: editedOrder,
    forms: {
      create: '/orders/create',
      draft: {
        formId: 'orders:create',
        // The form keys its line rows; a draft made from a request body has to give them keys.
        values: (input) => ({
          ...input,
          deliveryDate: input.deliveryDate ?? null,
          notes: input.notes ?? '',
          isPaid: input.isPaid ?? false,
          designs: input.designs.map((line, index) => ({ ...line, key: `retry-${index}` })),
        }),
      },
      edit: (id) => `/orders/edit/${encodeURIComponent(id)}`,
    },
  },
  workingSet: {
    permission: 'orders.read',
    firstPage: true,
    // Delivered and cancelled orders are done with; the oldest open orders are the most urgent.
    records: {
      lists: (['pending', 'in_progress', 'completed'] as const).map((status) => ({
        status,
        sort: 'orderDate' as const,
      })),
      max: OPEN_ORDERS_KEPT,
    },
  },
});

/**
 * Sends only the new status and the version of the order it was chosen on; `force` completes an
 * order whose job cards are not all done, after the user has seen the refusal.
 */
export const useSetOrderStatus = orders.defineAction<
  { id: string; status: OrderStatus; version: number; force?: boolean },
  Order
>('status', {
  method: 'PUT',
  path: ({ id }) => `/${encodeURIComponent(id)}/status`,
  body: ({ status, version, force }) => (force ? { status, version, force } : { status, version }),
  success: 'orders:toast.statusUpdated',
  failure: 'orders:errors.updateStatus',
  retryPage: ({ id }) => `/orders/edit/${encodeURIComponent(id)}`,
  // Starting an order makes its job cards.
  invalidates: [['job-cards']],
});

/**
 * Keyed under `orders` on purpose: every order write refetches it, so the figures follow each
 * created, edited, paid or moved order without further wiring.
 */
export const orderAnalytics = orders.defineRead<OrderAnalytics, OrderAnalyticsParams>('analytics', {
  path: () => '/reports/orders',
  absolute: true,
  searchParams: (params) => ({ ...params }),
  failure: 'order-analytics:errors.fetch',
  keepPrevious: true,
});

export const users = createResource({
  name: 'users',
  path: '/users',
  namespace: 'users',
  schemas: { record: user, create: userCreate, update: userUpdate, list: userListQuery },
  // Users are never deleted, only deactivated.
  messages: { deleted: null },
  offline: { page: '/users' },
  workingSet: { permission: 'users.read', firstPage: true },
});

/** Sends only the flag and the version of the row it was chosen on. */
export const useDeactivateUser = users.defineAction<{ id: string; version: number }, User>(
  'deactivate',
  {
    method: 'PUT',
    path: ({ id }) => `/${encodeURIComponent(id)}`,
    body: ({ version }) => ({ isActive: false, version }),
    success: 'users:toast.deactivated',
    failure: 'users:errors.deactivate',
  },
);

export const useReactivateUser = users.defineAction<{ id: string; version: number }, User>(
  'reactivate',
  {
    method: 'PUT',
    path: ({ id }) => `/${encodeURIComponent(id)}`,
    body: ({ version }) => ({ isActive: true, version }),
    success: 'users:toast.reactivated',
    failure: 'users:errors.reactivate',
  },
);

/** A new temporary password; the server signs the user out everywhere. */
export const useResetUserPassword = users.defineAction<{ id: string; password: string }, User>(
  'reset-password',
  {
    method: 'POST',
    path: ({ id }) => `/${encodeURIComponent(id)}/reset-password`,
    body: ({ password }) => ({ password }),
    success: 'users:toast.passwordReset',
    failure: 'users:errors.resetPassword',
  },
);

/**
 * Job cards: one per order line, made from the order (never posted one by one, so the create
 * body is never sent), moved through the stages, with workers assigned.
 */
export const jobCards = createResource({
  name: 'job-cards',
  path: '/job-cards',
  namespace: 'production',
  schemas: {
    record: jobCard,
    create: jobCardUpdate,
    update: jobCardUpdate,
    list: jobCardListQuery,
  },
  // A stage's card count follows the cards.
  related: ['production-stages'],
  messages: { deleted: null },
  offline: { page: '/tasks' },
  workingSet: {
    permission: 'production.read',
    firstPage: true,
    records: { lists: [{ isDone: false, sort: 'dueDate' }], max: OPEN_CARDS_KEPT },
  },
});

export interface JobCardMoveInput {
  id: string;
  stageId: string;
  version: number;
}

/**
 * A move to another stage. Offline it waits in the write queue like any other write; the board
 * shows it at once (see `showCardMove`).
 */
export const useMoveJobCard = jobCards.defineAction<JobCardMoveInput, JobCard>('move', {
  method: 'POST',
  path: ({ id }) => `/${encodeURIComponent(id)}/move`,
  body: ({ stageId, version }) => ({ stageId, version }),
  success: null,
  failure: 'production:errors.move',
  showChange: showCardMove,
  // A card follows the tap at once, also online, and a second move goes over the new version.
  showsChangeOnline: true,
});

/** Makes the cards an order's lines are missing; answers every card of the order. */
export const useMakeJobCards = jobCards.defineAction<{ orderId: string }, JobCardsFromOrder>(
  'from-order',
  {
    method: 'POST',
    path: ({ orderId }) => `/from-order/${encodeURIComponent(orderId)}`,
    success: null,
    failure: 'production:errors.makeCards',
    select: (data) => data as JobCardsFromOrder,
  },
);

/** Work logged against job cards; the cards' piece counts and the wages follow each write. */
export const productionEntries = createResource({
  name: 'production-entries',
  path: '/production-entries',
  namespace: 'production',
  schemas: {
    record: productionEntry,
    create: productionEntryCreate,
    update: productionEntryUpdate,
    list: productionEntryListQuery,
  },
  related: ['job-cards', 'worker-salaries'],
  requireUser: true,
  offline: {
    page: '/tasks',
    created: queuedProductionEntry,
    afterCreate: (client, entry, context) => showLoggedWork(client, [entry], context),
  },
  messages: {
    created: 'production:toast.entryCreated',
    updated: 'production:toast.entryUpdated',
    deleted: 'production:toast.entryDeleted',
    fetchListFailed: 'production:errors.fetchEntries',
    createFailed: 'production:errors.createEntry',
    updateFailed: 'production:errors.updateEntry',
    deleteFailed: 'production:errors.deleteEntry',
  },
});

/** A shift's work in one request, stored all or nothing. */
export const useLogShift = productionEntries.defineAction<
  ProductionEntryBatch,
  ProductionEntryBatchResult
>('batch', {
  method: 'POST',
  path: () => '/batch',
  body: (batch) => batch,
  success: 'production:toast.shiftSaved',
  failure: 'production:errors.saveShift',
  retryPage: () => '/tasks/shift',
  select: (data) => data as ProductionEntryBatchResult,
  showChange: (client, batch, context) => showLoggedWork(client, batch.entries, context),
});

/**
 * The organization's stages in order, replaced as a whole list. Keyed apart from the cards so a
 * card write refreshes the counts without the stage editor losing its place.
 */
const stagesEndpoint = { name: 'production-stages', path: '/production/stages' };

export const productionStages = {
  ...stagesEndpoint,
  namespace: 'production',
  keys: { all: ['production-stages'] as const },
  queries: {
    list: () =>
      queryOptions({
        queryKey: ['production-stages', 'list'] as const,
        queryFn: async ({ signal }) =>
          (await apiRequest<ProductionStageList>('GET', stagesEndpoint.path, { signal })).data.data,
        meta: { errorMessage: 'production:errors.fetchStages' },
      }),
  },
  useReplace: createWriteHook<ProductionStagesInput, ProductionStage[]>(stagesEndpoint, {
    verb: 'replace',
    method: 'PUT',
    path: () => '',
    body: (input) => input,
    success: 'production:toast.stagesSaved',
    failure: 'production:errors.saveStages',
    // The board names each card's stage.
    invalidates: [['job-cards']],
    select: (data) => (data as ProductionStageList).data,
  }),
};

export interface WorkerWagesParams {
  /** `yyyy-MM`. */
  month: string;
  workerId?: string | undefined;
}

/**
 * Each worker's month: earned, paid, due. Keyed under `worker-salaries`, so a payment refetches
 * it, and production entries name `worker-salaries` among their related keys for the same reason.
 */
export const workerWages = workerSalaries.defineRead<WorkerWages, WorkerWagesParams>('wages', {
  path: () => '/worker-wages',
  absolute: true,
  searchParams: (params) => ({ ...params }),
  failure: 'worker-salaries:errors.wages',
  keepPrevious: true,
});

export type ResourceRecord<R extends { schemas: { record: z.ZodType } }> = z.output<
  R['schemas']['record']
>;

// ---------------------------------------------------------------------------------------------
// The organization's own profile: one record per organization, read by every role.

declare module '@/lib/translation-resources' {
  interface AppResources {
    organization: typeof organizationTexts;
  }
}

const organizationEndpoint = { name: 'organization', path: '/organization' };

export const organization = {
  ...organizationEndpoint,
  namespace: 'organization',
  keys: {
    all: ['organization'] as const,
    profile: () => ['organization', 'profile'] as const,
  },
  queries: {
    profile: () =>
      queryOptions({
        queryKey: ['organization', 'profile'] as const,
        queryFn: async ({ signal }) =>
          (await apiRequest<OrganizationProfile>('GET', organizationEndpoint.path, { signal }))
            .data,
        meta: { errorMessage: 'organization:errors.fetch' },
      }),
  },
  /** `PUT /organization` merges; the body carries the version the form read. */
  useUpdate: createWriteHook<OrganizationUpdate, OrganizationProfile>(organizationEndpoint, {
    verb: 'update',
    method: 'PUT',
    path: () => '',
    body: (input) => input,
    success: 'organization:toast.updated',
    failure: 'organization:errors.update',
    invalidates: [],
    select: (data) => data as OrganizationProfile,
  }),
};

declare module '@/lib/translation-resources' {
  interface AppResources {
    audit: typeof auditTexts;
  }
}

export type AuditLogParams = Partial<AuditListParams>;

/**
 * The audit trail, read-only: entries are written by the server with each write, so there is
 * nothing to create, edit or queue. A record's history is the same list filtered on its entity
 * and id; it is kept for offline reading like every other read.
 */
export const auditLog = {
  name: 'audit-log',
  path: '/audit-log',
  namespace: 'audit',
  keys: {
    all: AUDIT_LOG_KEY,
    list: (params: AuditLogParams) => [...AUDIT_LOG_KEY, 'list', params] as const,
  },
  queries: {
    list: (params: AuditLogParams) =>
      queryOptions({
        queryKey: [...AUDIT_LOG_KEY, 'list', params] as const,
        queryFn: async ({ signal }) =>
          (
            await apiRequest<Paged<AuditEntry>>('GET', '/audit-log', {
              searchParams: params,
              signal,
            })
          ).data,
        placeholderData: keepPreviousData,
        meta: { errorMessage: 'audit:errors.fetchList' },
      }),
  },
};

/**
 * Bills are made from finished orders and never deleted (cancelled instead); making or cancelling
 * one changes its orders (bill number, paid flag).
 */
export const bills = createResource({
  name: 'bills',
  path: '/bills',
  namespace: 'bills',
  schemas: { record: bill, create: billCreate, update: billUpdate, list: billListQuery },
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
  path: '/bill-notes',
  namespace: 'bills',
  schemas: { record: billNote, create: billNoteCreate, update: billNoteCreate, list: billNoteListQuery },
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

// Notes are sent through the write queue as well; re-exported here so that replaying a note
// queued offline after a reload finds how to send it.
export { useCreateNote, useDeleteNote } from '@/lib/notes';

/**
 * Money received from merchants. A payment changes its bills' paid amount and status, and those
 * the paid flag of the bills' orders.
 */
export const payments = createResource({
  name: 'payments',
  path: '/payments',
  namespace: 'payments',
  schemas: {
    record: payment,
    create: paymentCreate,
    update: paymentUpdate,
    list: paymentListQuery,
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

/**
 * The dues book. Keyed under `payments`, and bills refresh `payments` too, so a payment or a bill
 * written anywhere refetches it.
 */
export const duesReport = payments.defineRead<DuesReport, { asOf?: string | undefined }>('dues', {
  path: () => '/reports/dues',
  absolute: true,
  // The server's day may not be the user's (UTC against India after midnight), and payments are
  // dated in the user's day: without a date the report is asked for as of the user's today.
  searchParams: ({ asOf }) => ({ asOf: asOf ?? dayjs().format('YYYY-MM-DD') }),
  failure: 'dues:errors.fetchDues',
  keepPrevious: true,
});

export interface StatementParams {
  merchantId: string;
  startDate: string;
  endDate: string;
}

/** A merchant's statement of account; keyed under `payments` like the dues book. */
export const merchantStatement = payments.defineRead<Statement, StatementParams>('statement', {
  path: ({ merchantId }) => `/merchants/${encodeURIComponent(merchantId)}/statement`,
  absolute: true,
  searchParams: ({ startDate, endDate }) => ({ startDate, endDate }),
  failure: 'dues:errors.fetchStatement',
  keepPrevious: true,
});

/**
 * Reads kept on the device for a day offline besides the resources' own (`workingSet` of each
 * resource), under the keys their pages read.
 */
export const WORKING_SET_READS = [
  { permission: 'production.read', query: () => productionStages.queries.list() },
  // The board's first page of cards, as the board asks for it without filters.
  {
    permission: 'production.read',
    query: () => jobCards.queries.list({ isDone: false, limit: 100, sort: 'dueDate' }),
  },
  // Each merchant's balance, as the merchants page shows it.
  { permission: 'dues.read', query: () => duesReport({}) },
] as const satisfies readonly { permission: Permission; query: () => unknown }[];

/** Every resource, for code that must know them all (replaying queued writes). */
export const RESOURCES = [
  merchants,
  designs,
  workers,
  workerSalaries,
  bankDetails,
  expenses,
  orders,
  users,
  jobCards,
  productionEntries,
  payments,
];

/**
 * Every resource that declares a part of the working set: the pick lists first, which the
 * records of the other lists name.
 */
export const WORKING_SET_RESOURCES = [
  merchants,
  designs,
  workers,
  orders,
  jobCards,
  bills,
  payments,
  workerSalaries,
  expenses,
  bankDetails,
  users,
];
