import { describe, expect, it } from 'vitest';
import { computeBillFigures } from './bill-figures.ts';

const base = { billType: 'tax_invoice' as const, gstRate: 5, sellerState: '24' };

describe('computeBillFigures', () => {
  it('splits the tax into CGST and SGST within the seller state', () => {
    const preview = computeBillFigures({ ...base, lineAmounts: [425, 540], placeOfSupply: '24' });
    expect(preview).toEqual({
      taxable: 965,
      cgst: 24.13,
      sgst: 24.13,
      igst: 0,
      roundOff: -0.26,
      total: 1013,
      intraState: true,
    });
  });

  it('charges IGST for another state', () => {
    const preview = computeBillFigures({ ...base, lineAmounts: [425, 540], placeOfSupply: '27' });
    expect(preview).toMatchObject({ cgst: 0, sgst: 0, igst: 48.25, roundOff: -0.25, total: 1013 });
    expect(preview.intraState).toBe(false);
  });

  it('adds no tax to a bill of supply', () => {
    const preview = computeBillFigures({
      ...base,
      billType: 'bill_of_supply',
      lineAmounts: [100.4],
      placeOfSupply: '24',
    });
    expect(preview).toMatchObject({ taxable: 100.4, cgst: 0, sgst: 0, igst: 0, total: 100 });
    expect(preview.roundOff).toBe(-0.4);
  });

  it('adds no tax at 0 %', () => {
    const preview = computeBillFigures({
      ...base,
      gstRate: 0,
      lineAmounts: [99.5],
      placeOfSupply: '27',
    });
    expect(preview).toMatchObject({ igst: 0, roundOff: 0.5, total: 100 });
  });

  it('sums fractional amounts in paise without drifting', () => {
    const preview = computeBillFigures({
      ...base,
      gstRate: 18,
      lineAmounts: Array.from({ length: 10 }, () => 0.1),
      placeOfSupply: '24',
    });
    expect(preview.taxable).toBe(1);
    expect(preview.cgst).toBe(0.09);
    expect(preview.total).toBe(1);
    expect(preview.roundOff).toBe(-0.18);
  });
});
