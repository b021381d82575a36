import { z } from 'zod';
import {
  orderCreate,
  orderLineAmount,
  orderTotals as countOrderTotals,
  orderUpdate,
  type Order,
} from '../../../../contract/orders.ts';

export interface OrderLineValues {
  /** Stable React key of the row; never sent. */
  key: string;
  designId: string | null;
  quantity: number | string;
  rate: number | string;
}

export interface OrderFormValues extends Record<string, unknown> {
  merchantId: string | null;
  poNumber: string;
  orderDate: string | null;
  deliveryDate: string | null;
  notes: string;
  isPaid: boolean;
  designs: OrderLineValues[];
  /** The version of the order as read; sent with the edit so a newer save is not overwritten. */
  version?: number;
}

let lineSequence = 0;
function newLineKey() {
  lineSequence += 1;
  return `line-${lineSequence}`;
}

export function emptyLine(): OrderLineValues {
  return { key: newLineKey(), designId: null, quantity: '', rate: '' };
}

function todayYmd(now = new Date()) {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function orderFormValues(order?: Order | null): OrderFormValues {
  if (!order) {
    return {
      merchantId: null,
      poNumber: '',
      orderDate: todayYmd(),
      deliveryDate: null,
      notes: '',
      isPaid: false,
      designs: [emptyLine()],
    };
  }
  return {
    merchantId: order.merchantId,
    poNumber: order.poNumber,
    orderDate: order.orderDate,
    deliveryDate: order.deliveryDate,
    notes: order.notes ?? '',
    isPaid: order.isPaid,
    designs: order.designs.map((line) => ({
      key: newLineKey(),
      designId: line.designId,
      quantity: line.quantity,
      rate: line.rate,
    })),
    version: order.version,
  };
}

/** An empty number input holds '' (or a half-typed string); the API wants a number or nothing. */
const numberOrAbsent = (value: number | string) => {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : value;
};

/** The form's values as the API body; paths stay the same so errors land on the right inputs. */
function orderBodyFromValues(values: OrderFormValues) {
  return {
    merchantId: values.merchantId ?? undefined,
    poNumber: values.poNumber,
    orderDate: values.orderDate ?? undefined,
    deliveryDate: values.deliveryDate ?? null,
    notes: values.notes,
    isPaid: values.isPaid,
    designs: values.designs.map((line) => ({
      designId: line.designId ?? undefined,
      quantity: numberOrAbsent(line.quantity),
      rate: numberOrAbsent(line.rate),
    })),
    version: values.version,
  };
}

const toBody = (values: unknown) => orderBodyFromValues(values as OrderFormValues);

/** The contract's own schemas, fed from the form's shape. */
export const orderFormSchema = z.preprocess(toBody, orderCreate);
export const orderEditFormSchema = z.preprocess(toBody, orderUpdate);

/** A typed line as the contract counts it; a field left empty or not a number counts as 0. */
function pricedLine(quantity: number | string, rate: number | string) {
  const q = typeof quantity === 'number' ? quantity : Number(quantity);
  const r = typeof rate === 'number' ? rate : Number(rate);
  return {
    quantity: Number.isFinite(q) && quantity !== '' ? q : 0,
    rate: Number.isFinite(r) && rate !== '' ? r : 0,
  };
}

export function lineAmount(quantity: number | string, rate: number | string): number {
  return orderLineAmount(pricedLine(quantity, rate));
}

/** What the server will store for these lines, while they are typed. */
export function orderTotals(lines: OrderLineValues[]) {
  const totals = countOrderTotals(lines.map((line) => pricedLine(line.quantity, line.rate)));
  return { quantity: totals.totalQuantity, amount: totals.totalAmount };
}
