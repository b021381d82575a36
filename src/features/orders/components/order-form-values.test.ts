import { describe, expect, it } from 'vitest';
import { validationErrorMap } from '../../../../contract/validation.ts';
import {
  emptyLine,
  lineAmount,
  orderFormSchema,
  orderTotals,
  type OrderFormValues,
} from './order-form-values';

const DESIGN = '0190a5d0-ac96-774b-bcce-b302099a8057';
const MERCHANT = '0190a5d0-ac96-774b-bcce-b302099a8058';

function values(overrides: Partial<OrderFormValues> = {}): OrderFormValues {
  return {
    merchantId: MERCHANT,
    poNumber: ' PO-7 ',
    orderDate: '2025-03-04',
    deliveryDate: null,
    notes: '',
    isPaid: false,
    designs: [{ key: 'a', designId: DESIGN, quantity: 3, rate: 0.1 }],
    ...overrides,
  };
}

describe('order form values', () => {
  it('computes line amounts and totals in exact cents as the user types', () => {
    expect(lineAmount(3, 0.1)).toBe(0.3);
    expect(lineAmount('250', '40.25')).toBe(10062.5);
    expect(lineAmount('', 12)).toBe(0);
    expect(
      orderTotals([
        { key: 'a', designId: null, quantity: 3, rate: 0.1 },
        { key: 'b', designId: null, quantity: '7', rate: 12.5 },
        { key: 'c', designId: null, quantity: '', rate: 99 },
      ]),
    ).toEqual({ quantity: 10, amount: 87.8 });
  });

  it('turns the form into the API body: keys dropped, blanks as null', () => {
    const parsed = orderFormSchema.parse(values());
    expect(parsed).toEqual({
      merchantId: MERCHANT,
      poNumber: 'PO-7',
      orderDate: '2025-03-04',
      deliveryDate: null,
      notes: null,
      isPaid: false,
      designs: [{ designId: DESIGN, quantity: 3, rate: 0.1 }],
    });
  });

  it('reports missing fields on the inputs they belong to', () => {
    const result = orderFormSchema.safeParse(
      values({ merchantId: null, orderDate: null, designs: [emptyLine()] }),
      { error: validationErrorMap },
    );
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'merchantId',
        'orderDate',
        'designs.0.designId',
        'designs.0.quantity',
        'designs.0.rate',
      ]),
    );
  });

  it('refuses a line whose amount does not fit the money column', () => {
    const result = orderFormSchema.safeParse(
      values({ designs: [{ key: 'a', designId: DESIGN, quantity: 1_000_000, rate: 2_000_000 }] }),
      { error: validationErrorMap },
    );
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['designs.0.rate', 'tooBig'],
    ]);
  });
});
