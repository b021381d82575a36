import { describe, expect, it } from 'vitest';
import { fromPaise, sumRupees, toPaise, toPaiseBigInt } from './money.ts';

describe('money in paise', () => {
  it('adds two-decimal amounts exactly, where floats drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumRupees([0.1, 0.2])).toBe(0.3);
    const cents = Array.from({ length: 1000 }, () => 0.01);
    expect(cents.reduce((sum, amount) => sum + amount, 0)).not.toBe(10);
    expect(sumRupees(cents)).toBe(10);
    expect(sumRupees([1234.5, 222.21, -0.71])).toBe(1456);
    expect(sumRupees([])).toBe(0);
  });

  it('rounds an amount to the nearest paisa and back', () => {
    expect(toPaise(19.99)).toBe(1999);
    expect(toPaise(1.005)).toBe(100);
    expect(fromPaise(toPaise(99999999.99))).toBe(99999999.99);
  });

  it('keeps products past 2^53 exact as bigints', () => {
    expect(toPaiseBigInt(99999999.99) * 1_000_000n).toBe(9_999_999_999_000_000n);
  });
});
