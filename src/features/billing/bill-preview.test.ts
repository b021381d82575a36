import { describe, expect, it } from 'vitest';
import { addDays } from './bill-preview';

describe('addDays', () => {
  it('crosses month and year ends', () => {
    expect(addDays('2026-12-20', 15)).toBe('2027-01-04');
    expect(addDays('2027-02-20', 15)).toBe('2027-03-07');
  });
});
