import { ToWords } from 'to-words';
import type { TFunction } from 'i18next';
import type { Bill } from '../../../../contract/bills.ts';
import { pendingRecordId } from '@/lib/offline/pending-records';
import type billPrintTexts from '../../../../public/locales/en/bill-print.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    'bill-print': typeof billPrintTexts;
  }
}

export const PAPER_SIZES = ['A4', 'A5'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

export const BILL_COPIES = ['original', 'duplicate', 'triplicate'] as const;
export type BillCopy = (typeof BILL_COPIES)[number];

export type DocumentLanguage = 'en' | 'gu' | 'hi';

export type BillPrintT = TFunction<'bill-print'>;

/** The reader's choices a bill or note prints with, and its texts in the document's language. */
export interface DocumentSettings {
  language: DocumentLanguage;
  paper: PaperSize;
  copy: BillCopy;
  /** Texts fixed to the document's language, which may differ from the interface's. */
  t: BillPrintT;
  /** The `organization` namespace in the same language, for state names. */
  stateName: (code: string) => string;
}

const NUMBER_WORD_LOCALES: Record<DocumentLanguage, string> = {
  en: 'en-IN',
  gu: 'gu-IN',
  hi: 'hi-IN',
};

const numberWords = new Map<DocumentLanguage, ToWords>();

function wordsFor(language: DocumentLanguage) {
  let converter = numberWords.get(language);
  if (!converter) {
    converter = new ToWords({ localeCode: NUMBER_WORD_LOCALES[language] });
    numberWords.set(language, converter);
  }
  return converter;
}

/**
 * "Rupees Twelve Crore ... and Five Paise Only" in Indian numbering (lakh, crore). The numbers
 * come from to-words; the rupee/paise wording is the bill's own text, so each language reads the
 * way its bills are written ("રૂપિયા ... પૂરા", "रुपये ... मात्र").
 */
export function amountInWords(amount: number, language: DocumentLanguage, t: BillPrintT): string {
  const totalPaise = Math.round(Math.abs(amount) * 100);
  const rupees = Math.floor(totalPaise / 100);
  const paise = totalPaise % 100;
  const converter = wordsFor(language);
  const rupeeWords = converter.convert(rupees);
  if (paise === 0) return t('document.words.rupees', { rupees: rupeeWords });
  return t('document.words.rupeesAndPaise', {
    rupees: rupeeWords,
    paise: converter.convert(paise),
  });
}

type TaxKind = 'cgst' | 'sgst' | 'igst';
export interface TaxRow {
  kind: TaxKind;
  rate: number;
  amount: number;
}

/**
 * The tax lines of the bill: none on a bill of supply; CGST and SGST at half the rate each inside
 * the seller's state, IGST at the full rate across states. The amounts the server stored decide
 * when present, so a bill prints what it charged even if the seller's state changed since.
 */
export function taxRows(bill: Bill): TaxRow[] {
  if (bill.billType === 'bill_of_supply') return [];
  const intraState =
    bill.cgstAmount > 0 ||
    bill.sgstAmount > 0 ||
    (bill.igstAmount === 0 &&
      bill.seller.state !== null &&
      bill.seller.state === bill.placeOfSupply);
  if (intraState) {
    const half = bill.gstRate / 2;
    return [
      { kind: 'cgst', rate: half, amount: bill.cgstAmount },
      { kind: 'sgst', rate: half, amount: bill.sgstAmount },
    ];
  }
  return [{ kind: 'igst', rate: bill.gstRate, amount: bill.igstAmount }];
}

/** The payee name a UPI app shows: the registered name the bank account is held in. */
export function payeeName(bill: Bill) {
  return bill.seller.legalName ?? bill.seller.name;
}

/** `upi://pay?...` for the balance; `null` when the seller has no UPI id or nothing is due. */
export function upiPayLink(bill: Bill): string | null {
  const upiId = bill.seller.upiId;
  if (!upiId || bill.balance <= 0 || bill.status === 'cancelled') return null;
  const query = [
    `pa=${encodeURIComponent(upiId).replace(/%40/g, '@')}`,
    `pn=${encodeURIComponent(payeeName(bill))}`,
    `am=${bill.balance.toFixed(2)}`,
    'cu=INR',
    `tn=${encodeURIComponent(bill.number)}`,
  ];
  return `upi://pay?${query.join('&')}`;
}

export { whatsappLink, whatsappNumber } from '@/lib/whatsapp';

/** A bill made offline carries the id of its queued write until the server numbers it. */
export function pendingWriteKey(billId: string): string | null {
  const prefix = pendingRecordId('');
  return billId.startsWith(prefix) ? billId.slice(prefix.length) : null;
}

/** The distinct PO numbers of the bill's lines, in line order. */
export function poNumbers(bill: Bill): string[] {
  return [...new Set(bill.lines.map((line) => line.poNumber).filter(Boolean))];
}
