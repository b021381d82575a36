import { describe, expect, it } from 'vitest';
import {
  GST_STATE_CODES,
  gstinCheckCharacter,
  gstinMatchesState,
  hasValidGstinCheckDigit,
  stateOfGstin,
} from './gst.ts';
import { organizationUpdate } from './organization.ts';
import { validationErrorMap } from './validation.ts';

// GSTINs published by their holders (invoices, registrations), so the check digits are the GSTN's.
const REAL_GSTINS = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '07AAGFF2194N1Z1'];

describe('GSTIN check digit', () => {
  it.each(REAL_GSTINS)('accepts %s', (gstin) => {
    expect(hasValidGstinCheckDigit(gstin)).toBe(true);
  });

  it('catches every single mistyped character of a real GSTIN', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const gstin of REAL_GSTINS) {
      for (let index = 0; index < 14; index += 1) {
        for (const replacement of alphabet) {
          if (replacement === gstin[index]) continue;
          const typo = gstin.slice(0, index) + replacement + gstin.slice(index + 1);
          expect(hasValidGstinCheckDigit(typo), typo).toBe(false);
        }
      }
    }
  });

  it('computes the character a GSTIN must end with', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });
});

describe('GST states', () => {
  it('reads the state from the first two digits', () => {
    expect(stateOfGstin('24AAAAA0000A1Z5')).toBe('24');
    expect(stateOfGstin('99AAAAA0000A1Z5')).toBeNull();
    expect(stateOfGstin(null)).toBeNull();
  });

  it('knows the current state codes, without the retired ones', () => {
    expect(GST_STATE_CODES).toContain('24');
    expect(GST_STATE_CODES).toContain('38');
    expect(GST_STATE_CODES).not.toContain('25');
    expect(GST_STATE_CODES).not.toContain('28');
  });

  it('matches a GSTIN with its state only when both are given', () => {
    expect(gstinMatchesState('24AAAAA0000A1Z5', '24')).toBe(true);
    expect(gstinMatchesState('24AAAAA0000A1Z5', '27')).toBe(false);
    expect(gstinMatchesState(null, '27')).toBe(true);
    expect(gstinMatchesState('24AAAAA0000A1Z5', null)).toBe(true);
  });
});

describe('organization profile body', () => {
  const parse = (body: Record<string, unknown>) =>
    organizationUpdate.safeParse({ version: 1, ...body }, { error: validationErrorMap });
  const messages = (body: Record<string, unknown>) =>
    parse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('upper-cases codes and accepts a complete profile', () => {
    const result = parse({
      name: 'Asha Embroidery Works',
      state: '27',
      gstin: '27aapfu0939f1zv',
      pan: 'aapfu0939f',
      udyamNumber: 'udyam-gj-01-0012345',
      upiId: 'asha.works@okaxis',
      pincode: '395003',
      billPrefix: 'ae',
      defaultSac: '998821',
      defaultGstRate: 5,
      paymentTermsDays: 30,
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      gstin: '27AAPFU0939F1ZV',
      pan: 'AAPFU0939F',
      billPrefix: 'AE',
    });
  });

  it('names the rule each bad field breaks', () => {
    expect(messages({ gstin: '27AAPFU0939F1ZW' })).toEqual([['gstin', 'gstinCheckDigit']]);
    expect(messages({ gstin: '27AAPFU0939F1ZV', state: '24' })).toEqual([['gstin', 'gstinState']]);
    expect(messages({ state: '25' })).toEqual([['state', 'stateCode']]);
    expect(messages({ pan: 'ABCDE12345' })).toEqual([['pan', 'pan']]);
    expect(messages({ udyamNumber: 'UDYAM-GJ-1-0012345' })).toEqual([['udyamNumber', 'udyam']]);
    expect(messages({ upiId: 'not a upi' })).toEqual([['upiId', 'upi']]);
    expect(messages({ pincode: '012345' })).toEqual([['pincode', 'pincode']]);
    expect(messages({ billPrefix: 'INV/1' })).toEqual([['billPrefix', 'billPrefix']]);
    expect(messages({ defaultGstRate: 15 })).toEqual([['defaultGstRate', 'oneOf']]);
    expect(messages({ paymentTermsDays: 366 })).toEqual([['paymentTermsDays', 'too_big']]);
  });
});
