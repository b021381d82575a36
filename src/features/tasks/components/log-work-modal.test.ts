import { describe, expect, it } from 'vitest';
import { makeWorker, withoutPay } from '@/test/msw/production';
import { pieceRateFor } from './log-work-modal';

describe('pieceRateFor', () => {
  const pieceWorker = makeWorker(1, { salaryType: 'piece_rate', baseSalary: 4 });

  it("takes the design's rate, else a piece-rate worker's own", () => {
    expect(pieceRateFor(12.5, pieceWorker)).toBe(12.5);
    expect(pieceRateFor(null, pieceWorker)).toBe(4);
    expect(pieceRateFor(null, makeWorker(2, { salaryType: 'monthly', baseSalary: 12000 }))).toBe(0);
  });

  it('leaves the rate to the server when it hangs on pay the caller cannot read', () => {
    expect(pieceRateFor(null, withoutPay(pieceWorker))).toBeNull();
    expect(pieceRateFor(12.5, withoutPay(pieceWorker))).toBe(12.5);
  });
});
