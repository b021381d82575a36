import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/test/render';
import guTexts from '../../../../public/locales/gu/bill-print.json';
import hiTexts from '../../../../public/locales/hi/bill-print.json';
import { fixtureBill } from './bill-fixture';
import {
  amountInWords,
  pendingWriteKey,
  taxRows,
  upiPayLink,
  whatsappLink,
  whatsappNumber,
  type BillPrintT,
  type DocumentLanguage,
} from './bill-document-model';

let textsIn: (language: DocumentLanguage) => BillPrintT;

beforeAll(() => {
  const i18n = initTestI18n();
  i18n.addResourceBundle('gu', 'bill-print', guTexts, true, true);
  i18n.addResourceBundle('hi', 'bill-print', hiTexts, true, true);
  textsIn = (language) => i18n.getFixedT(language, 'bill-print');
});

const words = (amount: number, language: DocumentLanguage) =>
  amountInWords(amount, language, textsIn(language));

describe('amountInWords', () => {
  it('writes rupees and paise in Indian numbering in English', () => {
    expect(words(0, 'en')).toBe('Rupees Zero Only');
    expect(words(5.5, 'en')).toBe('Rupees Five and Fifty Paise Only');
    expect(words(100000, 'en')).toBe('Rupees One Lakh Only');
    expect(words(123456789.05, 'en')).toBe(
      'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and Five Paise Only',
    );
  });

  it('writes them in Gujarati', () => {
    expect(words(0, 'gu')).toBe('રૂપિયા શૂન્ય પૂરા');
    expect(words(5.5, 'gu')).toBe('રૂપિયા પાંચ અને પચાસ પૈસા પૂરા');
    expect(words(100000, 'gu')).toBe('રૂપિયા એક લાખ પૂરા');
    expect(words(123456789.05, 'gu')).toBe(
      'રૂપિયા બાર કરોડ ચોત્રીસ લાખ છપ્પન હજાર સાત સો નેવ્યાસી અને પાંચ પૈસા પૂરા',
    );
  });

  it('writes them in Hindi', () => {
    expect(words(0, 'hi')).toBe('रुपये शून्य मात्र');
    expect(words(5.5, 'hi')).toBe('रुपये पांच और पचास पैसे मात्र');
    expect(words(100000, 'hi')).toBe('रुपये एक लाख मात्र');
    expect(words(123456789.05, 'hi')).toBe(
      'रुपये बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी और पांच पैसे मात्र',
    );
  });

  it('takes paise from the rounded amount, not from floating-point noise', () => {
    // 0.1 + 0.2 is 0.30000000000000004; 1.005 * 100 is 100.49999999999999.
    expect(words(0.1 + 0.2, 'en')).toBe('Rupees Zero and Thirty Paise Only');
    expect(words(19.99, 'en')).toBe('Rupees Nineteen and Ninety Nine Paise Only');
  });
});

describe('taxRows', () => {
  it('splits GST into CGST and SGST at half the rate inside the seller state', () => {
    expect(taxRows(fixtureBill())).toEqual([
      { kind: 'cgst', rate: 2.5, amount: 922.13 },
      { kind: 'sgst', rate: 2.5, amount: 922.13 },
    ]);
  });

  it('charges IGST at the full rate when the place of supply is another state', () => {
    const bill = fixtureBill({
      placeOfSupply: '27',
      gstRate: 12,
      cgstAmount: 0,
      sgstAmount: 0,
      igstAmount: 4426.2,
    });
    expect(taxRows(bill)).toEqual([{ kind: 'igst', rate: 12, amount: 4426.2 }]);
  });

  it('follows the stored amounts when the seller state no longer matches', () => {
    const bill = fixtureBill({ seller: { ...fixtureBill().seller, state: '27' } });
    expect(taxRows(bill).map((row) => row.kind)).toEqual(['cgst', 'sgst']);
  });

  it('has no tax on a bill of supply', () => {
    const bill = fixtureBill({
      billType: 'bill_of_supply',
      cgstAmount: 0,
      sgstAmount: 0,
      igstAmount: 0,
    });
    expect(taxRows(bill)).toEqual([]);
  });
});

describe('upiPayLink', () => {
  it('asks for the balance with the payee name and bill number encoded', () => {
    const bill = fixtureBill({
      balance: 12000.5,
      paidAmount: 26728.5,
      number: 'INV/2026-27/0042',
      seller: { ...fixtureBill().seller, legalName: 'Asha & Sons Embroidery' },
    });
    expect(upiPayLink(bill)).toBe(
      'upi://pay?pa=asha.embroidery@okaxis&pn=Asha%20%26%20Sons%20Embroidery&am=12000.50&cu=INR&tn=INV%2F2026-27%2F0042',
    );
  });

  it('is absent without a UPI id, when nothing is due or when the bill is cancelled', () => {
    expect(upiPayLink(fixtureBill({ seller: { ...fixtureBill().seller, upiId: null } }))).toBe(
      null,
    );
    expect(upiPayLink(fixtureBill({ balance: 0, status: 'paid' }))).toBe(null);
    expect(upiPayLink(fixtureBill({ status: 'cancelled' }))).toBe(null);
  });
});

describe('whatsappLink', () => {
  it('prefixes 91 to a ten-digit mobile number and encodes the message', () => {
    expect(whatsappLink('98250 12345', 'Bill INV/1 & more\nline two')).toBe(
      'https://wa.me/919825012345?text=Bill%20INV%2F1%20%26%20more%0Aline%20two',
    );
  });

  it('keeps a number that already has its country code and drops a trunk zero', () => {
    expect(whatsappNumber('+91 98250-12345')).toBe('919825012345');
    expect(whatsappNumber('098250 12345')).toBe('919825012345');
    expect(whatsappNumber('+44 20 7946 0958')).toBe('442079460958');
  });

  it('leaves the chat to the sender when the merchant has no phone', () => {
    expect(whatsappLink(null, 'Hi')).toBe('https://wa.me/?text=Hi');
  });
});

describe('pendingWriteKey', () => {
  it('recognises the id of a bill made offline and not yet numbered', () => {
    expect(pendingWriteKey('pending-4f6c')).toBe('4f6c');
    expect(pendingWriteKey('00000000-0000-4000-8000-00000000b001')).toBe(null);
  });
});
