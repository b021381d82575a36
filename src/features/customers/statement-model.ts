import type { TFunction } from 'i18next';
import type { OrganizationProfile } from '../../../contract/organization.ts';
import { PAYMENT_METHODS, type OpenBill, type PaymentMethod } from '../../../contract/payments.ts';
import { formatDate, formatMoney } from '@/lib/format';
import { whatsappLink } from '@/lib/whatsapp';
import { sumRupees } from '../../../contract/money.ts';

export type DuesT = TFunction<'dues'>;

/**
 * The statement names a payment by its method and reference ("upi UTR123"); the method is shown
 * in the document's language.
 */
export function paymentParticulars(reference: string, t: DuesT): string {
  const [method = '', ...rest] = reference.split(' ');
  if (!isPaymentMethod(method)) return reference;
  return [t(`methods.${method}`), ...rest].join(' ');
}

const isPaymentMethod = (value: string): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value);

/** India's financial year holding `today`: 1 April to 31 March. */
export function financialYear(today: string): { startDate: string; endDate: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const first = month >= 4 ? year : year - 1;
  return { startDate: `${first}-04-01`, endDate: `${first + 1}-03-31` };
}

/** `upi://pay?...` for `amount`; null without a UPI id or when nothing is owed. */
export function statementUpiLink(
  profile: Pick<OrganizationProfile, 'upiId' | 'name' | 'legalName'>,
  amount: number,
): string | null {
  if (!profile.upiId || amount <= 0) return null;
  const query = [
    `pa=${encodeURIComponent(profile.upiId).replace(/%40/g, '@')}`,
    `pn=${encodeURIComponent(profile.legalName ?? profile.name)}`,
    `am=${amount.toFixed(2)}`,
    'cu=INR',
  ];
  return `upi://pay?${query.join('&')}`;
}

export interface ShareFacts {
  seller: Pick<OrganizationProfile, 'upiId' | 'name' | 'legalName'>;
  merchantName: string;
  /** The merchant's open bills; their balances add up to what is outstanding. */
  openBills: readonly OpenBill[];
}

/** What is owed and the bill it has been owed on longest. */
function outstandingOf(openBills: readonly OpenBill[]) {
  const amount = sumRupees(openBills.map((bill) => bill.balance));
  const oldest = [...openBills].sort(
    (a, b) => a.billDate.localeCompare(b.billDate) || a.number.localeCompare(b.number),
  )[0];
  return { amount, oldest: oldest ?? null };
}

/**
 * The WhatsApp message of a statement, in the document's language: what is outstanding, the
 * oldest bill and its due date, and a UPI link for that amount when the business has a UPI id.
 */
export function statementShareMessage(facts: ShareFacts, language: string, t: DuesT): string {
  const { amount, oldest } = outstandingOf(facts.openBills);
  const seller = facts.seller.name;
  if (amount <= 0 || !oldest) {
    return t('share.settled', { seller, merchant: facts.merchantName });
  }
  const lines = [
    t('share.outstanding', {
      seller,
      merchant: facts.merchantName,
      amount: formatMoney(amount, language),
    }),
    t('share.oldest', { number: oldest.number, dueDate: formatDate(oldest.dueDate, language) }),
  ];
  const link = statementUpiLink(facts.seller, amount);
  if (link) lines.push(t('share.upi', { link }));
  return lines.join('\n');
}

export function statementWhatsappLink(
  phone: string | null,
  facts: ShareFacts,
  language: string,
  t: DuesT,
) {
  return whatsappLink(phone, statementShareMessage(facts, language, t));
}
