import {
  oldestFirst,
  type OpenBill,
  type Payment,
  type SettledDocumentKind,
} from '../../../contract/payments.ts';
import { fromPaise, toPaise } from '../../../contract/money.ts';

/** A bill the payment can settle, with what it can still take from this payment. */
export interface SplitLine {
  billId: string;
  kind: SettledDocumentKind;
  number: string;
  billDate: string;
  dueDate: string | null;
  /** What the bill still owes, counting back what this payment already put on it (an edit). */
  balance: number;
  isOverdue: boolean;
}

export interface SplitProposal {
  /** Amount per bill id, every line present (0 where nothing is left for it). */
  amounts: Record<string, number>;
  applied: number;
  advance: number;
}

/** `amount + tds` spread over the bills oldest first; what no bill takes is the advance. */
export function proposeSplit(lines: readonly SplitLine[], received: number): SplitProposal {
  let left = Math.max(0, toPaise(received));
  const amounts: Record<string, number> = {};
  for (const line of oldestFirst(lines)) {
    const take = Math.min(left, Math.max(0, toPaise(line.balance)));
    amounts[line.billId] = fromPaise(take);
    left -= take;
  }
  const applied = Math.max(0, toPaise(received)) - left;
  return { amounts, applied: fromPaise(applied), advance: fromPaise(left) };
}

/** Sum of amounts and the advance left of `received`, in rupees (negative when over-applied). */
export function summarize(amounts: Record<string, number | ''>, received: number) {
  const applied = Object.values(amounts).reduce<number>(
    (sum, amount) => sum + (typeof amount === 'number' ? toPaise(amount) : 0),
    0,
  );
  return { applied: fromPaise(applied), advance: fromPaise(toPaise(received) - applied) };
}

/**
 * The lines an edit works on: the merchant's open bills with this payment's own share added back
 * to their balance, and the bills this payment settled in full (no longer open) with that share.
 */
export function linesForPayment(
  open: readonly OpenBill[],
  own: Payment['allocations'],
  ownBills: readonly { _id: string; billDate: string; dueDate: string; isOverdue: boolean }[] = [],
): SplitLine[] {
  const ownPaise = new Map(own.map((row) => [row.billId, toPaise(row.amount)]));
  const lines: SplitLine[] = open.map((bill) => ({
    billId: bill._id,
    kind: bill.kind,
    number: bill.number,
    billDate: bill.billDate,
    dueDate: bill.dueDate,
    balance: fromPaise(toPaise(bill.balance) + (ownPaise.get(bill._id) ?? 0)),
    isOverdue: bill.isOverdue,
  }));
  const listed = new Set(open.map((bill) => bill._id));
  for (const row of own) {
    if (listed.has(row.billId)) continue;
    const bill = ownBills.find((candidate) => candidate._id === row.billId);
    lines.push({
      billId: row.billId,
      kind: row.kind,
      number: row.billNumber,
      // A bill not read yet sorts by its number among those of the same (unknown) date.
      billDate: bill?.billDate ?? '',
      dueDate: bill?.dueDate ?? null,
      balance: row.amount,
      isOverdue: bill?.isOverdue ?? false,
    });
  }
  return oldestFirst(lines);
}

/** Whether the payment's allocations are exactly what "apply automatically" would make. */
export function isAutomaticSplit(
  lines: readonly SplitLine[],
  received: number,
  allocations: Payment['allocations'],
): boolean {
  const proposal = proposeSplit(lines, received);
  const own = new Map(allocations.map((row) => [row.billId, toPaise(row.amount)]));
  for (const line of lines) {
    if (toPaise(proposal.amounts[line.billId] ?? 0) !== (own.get(line.billId) ?? 0)) return false;
    own.delete(line.billId);
  }
  return own.size === 0;
}
