import { z } from 'zod';
import {
  LIMITS,
  MONEY_MAX,
  actionVersion,
  calendarDate,
  dateBound,
  dateRangeFilters,
  datedListQuery,
  id,
  money,
  optionalText,
  queryParam,
  recordBase,
  requiredText,
  writeSchemas,
} from './common.ts';
import { toPaiseBigInt } from './money.ts';

export const ORDER_STATUSES = [
  'pending',
  'in_progress',
  'completed',
  'delivered',
  'cancelled',
] as const;
const orderStatus = z.enum(ORDER_STATUSES, { error: 'oneOf' });
export type OrderStatus = z.infer<typeof orderStatus>;

/** The only moves `PUT /orders/:id/status` accepts; delivered is final. */
export const ORDER_STATUS_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: ['delivered', 'in_progress'],
  cancelled: ['pending'],
  delivered: [],
};

export function canMoveOrderStatus(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_MOVES[from].includes(to);
}

export const ORDER_LINE_LIMIT = 200;
const ORDER_LINE_MAX_QUANTITY = 1_000_000;
const PO_NUMBER_MAX = LIMITS.code;

const MONEY_MAX_CENTS = toPaiseBigInt(MONEY_MAX);

/** The quantity and rate of an order line, the two numbers its amount comes from. */
export interface PricedLine {
  quantity: number;
  rate: number;
}

/**
 * A line's amount in exact cents (`quantity × rate`, the rate held to the paisa as the money
 * column holds it), so 3 × 0.10 is 0.30 and not 0.30000000000000004.
 */
function orderLineCents(line: PricedLine): bigint {
  return BigInt(Math.round(line.quantity)) * toPaiseBigInt(line.rate);
}

export function orderLineAmount(line: PricedLine): number {
  return Number(orderLineCents(line)) / 100;
}

/**
 * An order's totals as the server stores them. The server, the order form and a record shown
 * before the server has seen it (an order queued offline) all count with this one function.
 */
export function orderTotals(lines: readonly PricedLine[]) {
  let totalQuantity = 0;
  let totalCents = 0n;
  for (const line of lines) {
    totalQuantity += Math.round(line.quantity);
    totalCents += orderLineCents(line);
  }
  return { totalQuantity, totalAmount: Number(totalCents) / 100 };
}

/**
 * A line as written. Its `_id`, `amount` and embedded `design` are accepted so a client can send
 * back the lines it read; the server recomputes the amount and replaces every line.
 */
const orderLineInput = z
  .strictObject({
    designId: id,
    quantity: z.number().int({ error: 'integer' }).min(1).max(ORDER_LINE_MAX_QUANTITY),
    rate: money,
    _id: z.unknown().optional(),
    amount: z.unknown().optional(),
    design: z.unknown().optional(),
  })
  .transform(({ designId, quantity, rate }) => ({ designId, quantity, rate }));

/**
 * Line amounts and the order total must fit the money column; checked in exact cents so that
 * client and server refuse the same orders.
 */
const orderLines = z
  .array(orderLineInput)
  .min(1)
  .max(ORDER_LINE_LIMIT)
  .superRefine((lines, context) => {
    let totalCents = 0n;
    let lineTooBig = false;
    lines.forEach((line, index) => {
      const amountCents = orderLineCents(line);
      totalCents += amountCents;
      if (amountCents <= MONEY_MAX_CENTS) return;
      lineTooBig = true;
      context.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: MONEY_MAX,
        inclusive: true,
        input: line.rate,
        path: [index, 'rate'],
        message: 'tooBig',
      });
    });
    // One oversized line already explains an oversized total.
    if (!lineTooBig && totalCents > MONEY_MAX_CENTS) {
      context.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: MONEY_MAX,
        inclusive: true,
        input: lines.length,
        message: 'tooBig',
      });
    }
  });

export const orderShape = {
  merchantId: id,
  poNumber: requiredText(PO_NUMBER_MAX),
  orderDate: calendarDate,
  // A cleared date input sends an empty string, which means "no date".
  deliveryDate: z.preprocess((value) => (value === '' ? null : value), calendarDate.nullish()),
  isPaid: z.boolean({ error: 'boolean' }).optional(),
  notes: optionalText(LIMITS.longText, { multiline: true }),
  designs: orderLines,
};

/** The field error of a delivery date before its order date; the server reuses it on PUT. */
export function deliveryBeforeOrderIssue(orderDate: string) {
  return {
    code: 'too_small' as const,
    origin: 'date' as const,
    minimum: dateBound(orderDate),
    inclusive: true,
    path: ['deliveryDate'],
    message: 'too_small',
  };
}

const deliveryNotBeforeOrder = (
  value: { orderDate?: string | undefined; deliveryDate?: string | null | undefined },
  context: z.core.$RefinementCtx,
) => {
  if (value.orderDate && value.deliveryDate && value.deliveryDate < value.orderDate) {
    context.addIssue({ ...deliveryBeforeOrderIssue(value.orderDate), input: value.deliveryDate });
  }
};

const orderWrites = writeSchemas(orderShape);
export const orderCreate = orderWrites.create.superRefine(deliveryNotBeforeOrder);
/** A PUT naming only one of the two dates is checked against the stored other by the server. */
export const orderUpdate = orderWrites.update.superRefine(deliveryNotBeforeOrder);

/**
 * What a delivered order still lets change: it has left the workshop, so its merchant, lines,
 * amounts, PO number and order date are what was delivered; notes, the delivery date and the
 * paid flag are still kept up to date afterwards.
 */
export const DELIVERED_ORDER_EDITABLE = ['notes', 'deliveryDate', 'isPaid'] as const;
export type OrderCreate = z.output<typeof orderCreate>;
export type OrderUpdate = z.output<typeof orderUpdate>;
export type OrderLineInput = z.input<typeof orderLineInput>;

/**
 * `force: true` completes an order even though some of its job cards are not done; without it
 * that move is 409 `order_has_open_cards`.
 */
export const orderStatusUpdate = z.strictObject({
  status: orderStatus,
  ...actionVersion,
  force: z.boolean({ error: 'boolean' }).optional(),
});

/** A line's pieces, its rate and what they come to: an order's, and a bill's that bills it. */
export const lineAmounts = {
  quantity: z.number().int(),
  rate: z.number(),
  amount: z.number(),
};

export const orderLine = z.object({
  _id: id,
  designId: id,
  design: z.object({ _id: id, name: z.string(), designCode: z.string() }),
  ...lineAmounts,
});
export type OrderLine = z.infer<typeof orderLine>;

export const order = z.object({
  ...recordBase,
  merchantId: id,
  merchant: z.object({ _id: id, name: z.string() }),
  poNumber: z.string(),
  orderDate: z.string(),
  deliveryDate: z.string().nullable(),
  isPaid: z.boolean(),
  status: orderStatus,
  notes: z.string().nullable(),
  designs: z.array(orderLine),
  /** The live bill the order is on; null when it is on none (or its bill was cancelled). */
  billId: id.nullable(),
  billNumber: z.string().nullable(),
  totalQuantity: z.number().int(),
  totalAmount: z.number(),
});
export type Order = z.infer<typeof order>;

export const ORDER_SORTABLE = ['orderDate', 'poNumber', 'totalAmount', 'createdAt'] as const;

export const queryOrderStatus = queryParam.optional(orderStatus);

export const orderListQuery = datedListQuery(ORDER_SORTABLE, {
  status: queryOrderStatus,
  merchantId: queryParam.id,
  ...dateRangeFilters,
  poNumber: queryParam.text(PO_NUMBER_MAX),
  isPaid: queryParam.boolean,
});
export type OrderListParams = z.output<typeof orderListQuery>;

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const orderAuditEntities = { order: 'orders' } as const;
