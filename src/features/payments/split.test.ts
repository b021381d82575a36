import { describe, expect, it } from 'vitest';
import { oldestFirst } from '../../../contract/payments.ts';
import {
  isAutomaticSplit,
  linesForPayment,
  proposeSplit,
  summarize,
  type SplitLine,
} from './split';

const line = (billId: string, billDate: string, number: string, balance: number): SplitLine => ({
  billId,
  kind: 'bill',
  number,
  billDate,
  dueDate: null,
  balance,
  isOverdue: false,
});

describe('the proposed split', () => {
  const lines = [
    line('c', '2026-05-10', 'INV/3', 300),
    line('a', '2026-04-01', 'INV/1', 1000.1),
    line('b', '2026-04-01', 'INV/2', 500.2),
  ];

  it('settles the oldest bills first, by date then number', () => {
    expect(oldestFirst(lines).map((row) => row.billId)).toEqual(['a', 'b', 'c']);
    const proposal = proposeSplit(lines, 1200);
    expect(proposal.amounts).toEqual({ a: 1000.1, b: 199.9, c: 0 });
    expect(proposal.applied).toBe(1200);
    expect(proposal.advance).toBe(0);
  });

  it('puts a debit note after the bills of its day, whatever its due date', () => {
    const note: SplitLine = {
      ...line('n', '2026-04-01', 'DN/1', 50),
      kind: 'debit_note',
      dueDate: '2026-04-02',
    };
    const early: SplitLine = { ...line('z', '2026-04-01', 'INV/9', 10), dueDate: '2026-05-01' };
    expect(oldestFirst([note, lines[0]!, early, lines[1]!]).map((row) => row.billId)).toEqual([
      'a',
      'z',
      'n',
      'c',
    ]);
  });

  it('keeps what the bills cannot take as advance, to the paisa', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in paise it is 30.
    const proposal = proposeSplit(
      [line('x', '2026-04-01', 'A', 0.1), line('y', '2026-04-02', 'B', 0.2)],
      1,
    );
    expect(proposal.applied).toBe(0.3);
    expect(proposal.advance).toBe(0.7);
  });

  it('counts TDS as received: amount plus TDS settles the bills', () => {
    const received = 1400 + 100.3;
    const proposal = proposeSplit(lines, received);
    expect(proposal.amounts).toEqual({ a: 1000.1, b: 500.2, c: 0 });
    expect(proposal.advance).toBe(0);
  });

  it('applies nothing to a bill with no balance and nothing from no money', () => {
    expect(proposeSplit(lines, 0).amounts).toEqual({ a: 0, b: 0, c: 0 });
  });

  it('sums a split edited by hand, showing an over-application as a negative advance', () => {
    expect(summarize({ a: 1000.1, b: '', c: 0.2 }, 1000)).toEqual({
      applied: 1000.3,
      advance: -0.3,
    });
    expect(summarize({ a: 100 }, 150.5)).toEqual({ applied: 100, advance: 50.5 });
  });
});

describe('an edit', () => {
  it('adds its own share back to the open bills and lists the bills it paid in full', () => {
    const open = [
      {
        _id: 'b',
        kind: 'bill' as const,
        number: 'INV/2',
        billDate: '2026-04-05',
        dueDate: '2026-04-20',
        totalAmount: 900,
        paidAmount: 600,
        balance: 300,
        isOverdue: true,
      },
    ];
    const own = [
      { billId: 'a', billNumber: 'INV/1', kind: 'bill' as const, amount: 400 },
      { billId: 'b', billNumber: 'INV/2', kind: 'bill' as const, amount: 100 },
    ];
    const lines = linesForPayment(open, own, [
      { _id: 'a', billDate: '2026-04-01', dueDate: '2026-04-16', isOverdue: false },
    ]);
    expect(lines.map((row) => [row.billId, row.balance])).toEqual([
      ['a', 400],
      ['b', 400],
    ]);
    expect(isAutomaticSplit(lines, 500, own)).toBe(true);
    expect(
      isAutomaticSplit(lines, 500, [
        { billId: 'b', billNumber: 'INV/2', kind: 'bill' as const, amount: 400 },
      ]),
    ).toBe(false);
  });
});
