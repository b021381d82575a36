import { describe, expect, it } from 'vitest';
import { computeNoteFigures } from './bill-notes.ts';

const GUJARAT = '24';
const MAHARASHTRA = '27';

describe('computeNoteFigures', () => {
  it('splits the tax into CGST and SGST as an intra-state bill does, rounded to paise', () => {
    // 100.10 at 5%: 2.5025 a half, rounded to 2.50 each; 105.10 rounds down to 105.
    expect(
      computeNoteFigures(100.1, {
        billType: 'tax_invoice',
        gstRate: 5,
        sellerState: GUJARAT,
        placeOfSupply: GUJARAT,
      }),
    ).toEqual({
      taxable: 100.1,
      cgst: 2.5,
      sgst: 2.5,
      igst: 0,
      roundOff: -0.1,
      total: 105,
      intraState: true,
    });
  });

  it('charges IGST for an inter-state bill', () => {
    // 33.33 at 18% is 5.9994, 6.00 to the paisa; 39.33 rounds down to 39.
    expect(
      computeNoteFigures(33.33, {
        billType: 'tax_invoice',
        gstRate: 18,
        sellerState: GUJARAT,
        placeOfSupply: MAHARASHTRA,
      }),
    ).toEqual({
      taxable: 33.33,
      cgst: 0,
      sgst: 0,
      igst: 6,
      roundOff: -0.33,
      total: 39,
      intraState: false,
    });
  });

  it('rounds a half paisa up and the total to the nearest rupee', () => {
    // 0.75 at 12%: each half is 0.045, 0.05 to the paisa; 0.85 rounds up to 1.
    expect(
      computeNoteFigures(0.75, {
        billType: 'tax_invoice',
        gstRate: 12,
        sellerState: GUJARAT,
        placeOfSupply: GUJARAT,
      }),
    ).toMatchObject({ cgst: 0.05, sgst: 0.05, igst: 0, roundOff: 0.15, total: 1 });
  });

  it('adds no tax to a note on a bill of supply', () => {
    expect(
      computeNoteFigures(250.5, {
        billType: 'bill_of_supply',
        gstRate: 5,
        sellerState: GUJARAT,
        placeOfSupply: GUJARAT,
      }),
    ).toMatchObject({ cgst: 0, sgst: 0, igst: 0, roundOff: 0.5, total: 251 });
  });
});
