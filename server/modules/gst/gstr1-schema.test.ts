import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gstr1SchemaErrors } from './gstr1-test-book.ts';

/** The hand-checked return, which the portal's format accepts as it is. */
const valid = () =>
  JSON.parse(
    readFileSync(new URL('./gstr1-fixed-book.expected.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown> & { b2b: { inv: Record<string, unknown>[] }[] };

describe('the GSTR-1 JSON Schema', () => {
  it('accepts the hand-checked return', () => {
    expect(gstr1SchemaErrors(valid())).toEqual([]);
  });

  it.each([
    [
      'an ISO invoice date',
      (r: ReturnType<typeof valid>) => (r.b2b[0]!.inv[0]!.idt = '2026-04-03'),
    ],
    ['three decimals', (r: ReturnType<typeof valid>) => (r.b2b[0]!.inv[0]!.val = 10500.001)],
    [
      'a state name as place of supply',
      (r: ReturnType<typeof valid>) => (r.b2b[0]!.inv[0]!.pos = '24-Gujarat'),
    ],
    ['a period as yyyy-MM', (r: ReturnType<typeof valid>) => (r.fp = '2026-04')],
    [
      'a key the portal does not know',
      (r: ReturnType<typeof valid>) => (r.b2b[0]!.inv[0]!.note = 'x'),
    ],
    [
      'a rate the portal does not know',
      (r: ReturnType<typeof valid>) =>
        (r.b2cs = [{ sply_ty: 'INTRA', pos: '24', typ: 'OE', rt: 7, txval: 1 }]),
    ],
    [
      'a number longer than 16 characters',
      (r: ReturnType<typeof valid>) => (r.b2b[0]!.inv[0]!.inum = 'INVOICE/2026-27/0001'),
    ],
  ])('refuses %s', (_name, spoil) => {
    const gstr1 = valid();
    spoil(gstr1);
    expect(gstr1SchemaErrors(gstr1)).not.toEqual([]);
  });
});
