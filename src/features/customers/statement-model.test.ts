import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import guDues from '../../../public/locales/gu/dues.json';
import hiDues from '../../../public/locales/hi/dues.json';
import { initTestI18n } from '@/test/render';
import { openBill, paymentsProfile } from '@/test/msw/payments';
import { financialYear, statementShareMessage, statementUpiLink } from './statement-model';

beforeAll(() => {
  initTestI18n();
  i18next.addResourceBundle('gu', 'dues', guDues);
  i18next.addResourceBundle('hi', 'dues', hiDues);
});

const tFor = (language: string) => i18next.getFixedT(language, 'dues');

const facts = (upiId: string | null) => ({
  seller: paymentsProfile({ upiId, legalName: 'Asha Embroidery Works LLP' }),
  merchantName: 'Bharat Textiles',
  // The oldest bill is the one with the earliest date, whatever order they come in.
  openBills: [
    openBill(9, { totalAmount: 5000, paidAmount: 1000 }),
    openBill(2, { totalAmount: 2000.5, paidAmount: 0 }),
  ],
});

describe('the shared statement text', () => {
  it('says in English what is outstanding, the oldest bill and its due date, and the UPI link', () => {
    expect(statementShareMessage(facts('asha@okaxis'), 'en', tFor('en'))).toBe(
      [
        'Asha Embroidery Works: ₹6,000.50 outstanding for Bharat Textiles.',
        'Oldest bill INV/2026-27/0002, due 17 Apr 2026.',
        'Pay by UPI: upi://pay?pa=asha@okaxis&pn=Asha%20Embroidery%20Works%20LLP&am=6000.50&cu=INR',
      ].join('\n'),
    );
  });

  it('says it in Gujarati and Hindi, leaving the UPI line out without a UPI id', () => {
    const gu = statementShareMessage(facts(null), 'gu', tFor('gu'));
    expect(gu).toContain('Bharat Textiles ના ₹6,000.50 બાકી છે.');
    expect(gu).toContain('સૌથી જૂનું બિલ INV/2026-27/0002');
    expect(gu).not.toContain('upi://');
    const hi = statementShareMessage(facts('asha@okaxis'), 'hi', tFor('hi'));
    expect(hi).toContain('Bharat Textiles के ₹6,000.50 बाकी हैं।');
    expect(hi).toContain('सबसे पुराना बिल INV/2026-27/0002');
    expect(hi).toContain('UPI से भुगतान करें: upi://pay?pa=asha@okaxis');
  });

  it('thanks the merchant when nothing is outstanding', () => {
    const settled = { ...facts('asha@okaxis'), openBills: [] };
    expect(statementShareMessage(settled, 'en', tFor('en'))).toBe(
      'Asha Embroidery Works: nothing is outstanding for Bharat Textiles. Thank you.',
    );
    expect(statementUpiLink(settled.seller, 0)).toBeNull();
  });
});

describe('the default period', () => {
  it('is the Indian financial year, April to March', () => {
    expect(financialYear('2026-11-24')).toEqual({ startDate: '2026-04-01', endDate: '2027-03-31' });
    expect(financialYear('2027-02-10')).toEqual({ startDate: '2026-04-01', endDate: '2027-03-31' });
    expect(financialYear('2026-04-01')).toEqual({ startDate: '2026-04-01', endDate: '2027-03-31' });
  });
});
