import type { BillNote } from '../../../../contract/bill-notes.ts';
import type { Bill } from '../../../../contract/bills.ts';
import { fixtureBill } from './bill-fixture.ts';

/** What a note copies from the bill it is issued against. */
export function copiedFromBill(bill: Bill) {
  return {
    organizationId: bill.organizationId,
    billId: bill._id,
    billNumber: bill.number,
    billDate: bill.billDate,
    merchantId: bill.merchantId,
    merchant: bill.merchant,
    seller: bill.seller,
  };
}

export const FIXTURE_NOTE_ID = '00000000-0000-4000-8000-00000000d001';

/**
 * A credit note of 4,250.00 taxable against the fixture bill, after goods came back: 5% inside
 * Gujarat, so CGST 106.25 and SGST 106.25, 4,462.50 rounded to 4,463.00.
 */
export function fixtureCreditNote(overrides: Partial<BillNote> = {}): BillNote {
  const bill = fixtureBill();
  return {
    ...copiedFromBill(bill),
    _id: FIXTURE_NOTE_ID,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    version: 1,
    number: 'CN/2026-27/0007',
    kind: 'credit',
    noteDate: '2026-11-25',
    dueDate: null,
    reason: 'sales_return',
    gstRate: 5,
    sac: bill.sac,
    placeOfSupply: bill.placeOfSupply,
    taxableAmount: 4250,
    cgstAmount: 106.25,
    sgstAmount: 106.25,
    igstAmount: 0,
    roundOff: 0.5,
    totalAmount: 4463,
    appliedAmount: 4463,
    paidAmount: 0,
    balance: 0,
    status: 'issued',
    isOverdue: false,
    notes: 'Twelve pieces returned: thread colour did not match the sample.',
    cancelledAt: null,
    cancelReason: null,
    ...overrides,
  };
}
