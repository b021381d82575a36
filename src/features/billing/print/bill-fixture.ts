import type { Bill } from '../../../../contract/bills.ts';

const ORGANIZATION_ID = '00000000-0000-4000-8000-00000000a001';
export const FIXTURE_BILL_ID = '00000000-0000-4000-8000-00000000b001';

/**
 * A tax invoice from a Surat job worker to a Gujarat merchant, with the figures the server would
 * store (5% GST inside the state: CGST 2.5% + SGST 2.5%, rounded to the rupee). Shared by the
 * page's tests and the PDF check, which prints it before real bills exist in the demo data.
 */
export function fixtureBill(overrides: Partial<Bill> = {}): Bill {
  return {
    _id: FIXTURE_BILL_ID,
    organizationId: ORGANIZATION_ID,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 1,
    number: 'INV/2026-27/0042',
    merchantId: '00000000-0000-4000-8000-00000000c001',
    merchant: {
      _id: '00000000-0000-4000-8000-00000000c001',
      name: 'Shree Krishna Textiles',
      address: '14, Ring Road Textile Market\nNear Sahara Darwaja',
      city: 'Surat',
      gstin: '24ABCDE1234F1Z5',
      state: '24',
      phone: '98250 12345',
    },
    billDate: '2026-11-20',
    dueDate: '2026-12-05',
    billType: 'tax_invoice',
    gstRate: 5,
    sac: '998821',
    placeOfSupply: '24',
    lines: [
      {
        orderId: '00000000-0000-4000-8000-00000000d001',
        poNumber: 'PO-1187',
        designCode: 'D-204',
        designName: 'Peacock border, zari',
        quantity: 120,
        rate: 85.5,
        amount: 10260,
      },
      {
        orderId: '00000000-0000-4000-8000-00000000d002',
        poNumber: 'PO-1187',
        designCode: 'D-311',
        designName: 'Paisley butta',
        quantity: 300,
        rate: 42.25,
        amount: 12675,
      },
      {
        orderId: '00000000-0000-4000-8000-00000000d003',
        poNumber: 'PO-1203',
        designCode: 'D-118',
        designName: 'Lehenga panel, sequins',
        quantity: 45,
        rate: 310,
        amount: 13950,
      },
    ],
    taxableAmount: 36885,
    cgstAmount: 922.13,
    sgstAmount: 922.13,
    igstAmount: 0,
    roundOff: -0.26,
    totalAmount: 38729,
    paidAmount: 0,
    creditedAmount: 0,
    debitedAmount: 0,
    balance: 38729,
    status: 'unpaid',
    isOverdue: false,
    seller: {
      name: 'Asha Embroidery Works',
      legalName: 'Asha Embroidery Works LLP',
      address: 'Plot 7, GIDC Estate, Pandesara',
      city: 'Surat',
      state: '24',
      pincode: '394221',
      phone: '0261 2890 123',
      email: 'accounts@ashaembroidery.in',
      gstin: '24AAAFA1234B1Z2',
      pan: 'AAAFA1234B',
      udyamNumber: 'UDYAM-GJ-22-0012345',
      upiId: 'asha.embroidery@okaxis',
      billTerms:
        'Goods once delivered will not be taken back.\nInterest at 18% a year on bills unpaid after the due date.\nSubject to Surat jurisdiction.',
      bank: {
        bankName: 'State Bank of India',
        accountHolderName: 'Asha Embroidery Works LLP',
        accountNumber: '38291045567',
        ifscCode: 'SBIN0001234',
        branchName: 'Udhna, Surat',
      },
    },
    notes: null,
    cancelledAt: null,
    cancelReason: null,
    ...overrides,
  };
}
