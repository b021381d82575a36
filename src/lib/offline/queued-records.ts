import type { QueryClient } from '@tanstack/react-query';
import type { Bill } from '../../../contract/bills.ts';
import {
  orderLineAmount,
  orderTotals,
  type Order,
  type OrderCreate,
  type OrderUpdate,
} from '../../../contract/orders.ts';
import {
  oldestFirst,
  type OpenBill,
  type Payment,
  type PaymentCreate,
} from '../../../contract/payments.ts';
import type { ProductionStage } from '../../../contract/production-stages.ts';
import type { JobCard } from '../../../contract/job-cards.ts';
import type {
  ProductionEntry,
  ProductionEntryCreate,
} from '../../../contract/production-entries.ts';
import {
  PENDING_CHANGE_FIELD,
  cachedRecords,
  findCachedRecord,
  patchCachedRecords,
} from '@/lib/offline/pending-records';
import { toPaise } from '../../../contract/money.ts';

/*
 * What a queued write will make of the records it touches, worked out on this device from the
 * write's input and whatever the cache holds: the server does the same when the write arrives,
 * and its answer replaces these once the write is sent.
 */

/** Whether the change waits for the network: only then does its record say "not sent yet". */
export interface QueuedContext {
  queued: boolean;
}

function marked<T extends object>(record: T, context: QueuedContext): T {
  return context.queued ? { ...record, [PENDING_CHANGE_FIELD]: true } : record;
}

interface Named {
  _id: string;
  name: string;
}

/** `{ _id, name }` of a record the cache holds anywhere; an empty name when it holds none. */
function namedRecord(client: QueryClient, id: string, resource: string): Named {
  const found = findCachedRecord<Partial<Named>>(client, id, [resource]);
  return { _id: id, name: typeof found?.name === 'string' ? found.name : '' };
}

function orderLines(client: QueryClient, lines: OrderCreate['designs']): Order['designs'] {
  return lines.map((line, position) => {
    const design = findCachedRecord<{ name?: string; designCode?: string }>(client, line.designId, [
      'designs',
    ]);
    return {
      _id: `pending-line-${position}`,
      designId: line.designId,
      design: {
        _id: line.designId,
        name: design?.name ?? '',
        designCode: design?.designCode ?? '',
      },
      quantity: line.quantity,
      rate: line.rate,
      amount: orderLineAmount(line),
    };
  });
}

/** An order as the server will store it: status `pending`, totals counted as it counts them. */
export function queuedOrder(client: QueryClient, input: OrderCreate): Partial<Order> {
  const designs = orderLines(client, input.designs);
  return {
    ...input,
    merchant: namedRecord(client, input.merchantId, 'merchants'),
    deliveryDate: input.deliveryDate ?? null,
    isPaid: input.isPaid ?? false,
    notes: input.notes ?? null,
    status: 'pending',
    billId: null,
    billNumber: null,
    designs,
    ...orderTotals(designs),
    version: 1,
  };
}

/** An order with an edit applied: a new merchant or new lines bring their names and totals. */
export function editedOrder(client: QueryClient, order: Order, body: OrderUpdate): Order {
  const { version: _version, ...changes } = body;
  const edited: Order = { ...order, ...(changes as Partial<Order>) };
  if (body.merchantId !== undefined && body.merchantId !== order.merchantId) {
    edited.merchant = namedRecord(client, body.merchantId, 'merchants');
  }
  if (body.designs !== undefined) {
    edited.designs = orderLines(client, body.designs);
    Object.assign(edited, orderTotals(edited.designs));
  }
  return edited;
}

/** The card as it is once the move is stored: the server bumps its version by one. */
function movedCard(
  card: JobCard,
  stage: ProductionStage,
  stages: readonly ProductionStage[],
): JobCard {
  const last = stages[stages.length - 1];
  const isLastStage = last?._id === stage._id;
  const isDone = isLastStage && card.piecesLeft === 0;
  return {
    ...card,
    stageId: stage._id,
    stage: { _id: stage._id, name: stage.name, position: stage.position },
    isLastStage,
    isDone,
    isOverdue: isDone ? false : card.isOverdue,
    version: card.version + 1,
  };
}

const STAGES_KEY = ['production-stages', 'list'] as const;
const JOB_CARDS_KEY = ['job-cards'] as const;

/** Moves the card to its new stage in every cached read of cards. */
export function showCardMove(
  client: QueryClient,
  input: { id: string; stageId: string },
  context: QueuedContext,
) {
  const stages = client.getQueryData<ProductionStage[]>(STAGES_KEY) ?? [];
  const stage = stages.find((candidate) => candidate._id === input.stageId);
  if (!stage) return;
  patchCachedRecords<JobCard>(client, JOB_CARDS_KEY, input.id, (card) =>
    marked(movedCard(card, stage, stages), context),
  );
}

interface LoggedWork {
  jobCardId: string;
  piecesDone: number;
  piecesRejected?: number | undefined;
}

/** Adds logged pieces to their cards' counts, as the database's sums will. */
export function showLoggedWork(
  client: QueryClient,
  entries: readonly LoggedWork[],
  context: QueuedContext,
) {
  for (const entry of entries) {
    const rejected = entry.piecesRejected ?? 0;
    patchCachedRecords<JobCard>(client, JOB_CARDS_KEY, entry.jobCardId, (card) => {
      const piecesLeft = card.piecesLeft - entry.piecesDone - rejected;
      return marked(
        {
          ...card,
          piecesDone: card.piecesDone + entry.piecesDone,
          piecesRejected: card.piecesRejected + rejected,
          piecesLeft,
          isDone: card.isLastStage && piecesLeft === 0,
        },
        context,
      );
    });
  }
}

/** An entry of logged work as the entries list shows it. */
export function queuedProductionEntry(
  client: QueryClient,
  input: ProductionEntryCreate,
): Partial<ProductionEntry> {
  const card = findCachedRecord<Partial<JobCard>>(client, input.jobCardId, JOB_CARDS_KEY);
  const rate = input.rate ?? card?.design?.rate ?? 0;
  return {
    ...input,
    worker: namedRecord(client, input.workerId, 'workers'),
    jobCard: {
      _id: input.jobCardId,
      orderId: card?.orderId ?? '',
      poNumber: card?.order?.poNumber ?? '',
      designCode: card?.design?.designCode ?? '',
      designName: card?.design?.name ?? '',
    },
    piecesRejected: input.piecesRejected ?? 0,
    rate,
    amount: orderLineAmount({ quantity: input.piecesDone, rate }),
    notes: input.notes ?? null,
  };
}

const fromPaise = (paise: number) => paise / 100;

type OwedBill = Pick<OpenBill, '_id' | 'number' | 'billDate' | 'balance'> &
  Partial<Pick<OpenBill, 'kind'>>;

/**
 * The bills a payment settles and how much each takes: its own split, or, left automatic, its
 * amount and TDS over the merchant's open bills and debit notes, oldest first, as the server does.
 */
function paymentShares(client: QueryClient, input: PaymentCreate): Map<string, number> {
  const shares = new Map<string, number>();
  if (input.allocations) {
    for (const row of input.allocations) shares.set(row.billId, row.amount);
    return shares;
  }
  const open = new Map<string, OwedBill>();
  for (const query of client.getQueryCache().findAll({ queryKey: ['payments', 'open-bills'] })) {
    const params = query.queryKey[2] as { merchantId?: string } | undefined;
    if (params?.merchantId !== input.merchantId) continue;
    for (const bill of (query.state.data as OpenBill[] | undefined) ?? []) open.set(bill._id, bill);
  }
  for (const bill of cachedRecords<Bill>(client, ['bills'])) {
    const owes = bill.merchantId === input.merchantId && bill.status !== 'cancelled';
    if (owes && bill.balance > 0 && !open.has(bill._id)) open.set(bill._id, bill);
  }
  let left = toPaise(input.amount) + toPaise(input.tdsAmount ?? 0);
  for (const bill of oldestFirst([...open.values()])) {
    const take = Math.min(left, Math.max(0, toPaise(bill.balance)));
    if (take > 0) shares.set(bill._id, fromPaise(take));
    left -= take;
  }
  return shares;
}

/** A payment as the register lists it, with the split it will make. */
export function queuedPayment(client: QueryClient, input: PaymentCreate): Partial<Payment> {
  const shares = paymentShares(client, input);
  const debitNotes = new Set(
    client
      .getQueryCache()
      .findAll({ queryKey: ['payments', 'open-bills'] })
      .flatMap((query) => (query.state.data as OpenBill[] | undefined) ?? [])
      .filter((row) => row.kind === 'debit_note')
      .map((row) => row._id),
  );
  const allocations = [...shares].map(([billId, amount]) => ({
    billId,
    billNumber: findCachedRecord<{ number?: string }>(client, billId, ['bills'])?.number ?? '',
    kind: debitNotes.has(billId) ? ('debit_note' as const) : ('bill' as const),
    amount,
  }));
  const allocated = allocations.reduce((sum, row) => sum + toPaise(row.amount), 0);
  const received = toPaise(input.amount) + toPaise(input.tdsAmount ?? 0);
  return {
    ...input,
    merchant: namedRecord(client, input.merchantId, 'merchants'),
    reference: input.reference ?? null,
    tdsAmount: input.tdsAmount ?? 0,
    notes: input.notes ?? null,
    allocations,
    allocatedAmount: fromPaise(allocated),
    unallocatedAmount: fromPaise(received - allocated),
  };
}

/** What a bill, or an open bill, owes; a bill also has a status. */
type OwedAmounts = Pick<OpenBill, 'paidAmount' | 'balance'> & { status?: Bill['status'] };

/** Lowers the balance of each bill the payment settles, in the register and the open bills. */
export function showPaymentOnBills(
  client: QueryClient,
  input: PaymentCreate,
  context: QueuedContext,
) {
  for (const [billId, amount] of paymentShares(client, input)) {
    const settle = (bill: OwedAmounts): OwedAmounts => {
      const balance = fromPaise(toPaise(bill.balance) - toPaise(amount));
      const paidAmount = fromPaise(toPaise(bill.paidAmount) + toPaise(amount));
      const status: Bill['status'] = balance <= 0 ? 'paid' : 'partly_paid';
      const withStatus = bill.status === undefined ? {} : { status };
      return marked({ ...bill, ...withStatus, balance, paidAmount }, context);
    };
    patchCachedRecords<OwedAmounts>(client, ['bills'], billId, settle);
    patchCachedRecords<OwedAmounts>(client, ['payments', 'open-bills'], billId, settle);
  }
}
