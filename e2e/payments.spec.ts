import { expect, test, type Page } from '@playwright/test';
import { printToPictures } from './pictures.ts';
import {
  api,
  browserToday,
  makeBill,
  signIn,
  toast,
  uniqueSuffix,
  type MadeBill,
} from './support.ts';

/** The browser's day (India), which is the day the forms date a payment with. */
let localToday = new Date().toISOString().slice(0, 10);
const today = () => localToday;
async function readLocalToday(page: Page) {
  localToday = await browserToday(page);
}
const paise = (amount: number) => Math.round(amount * 100);
/** As the app writes rupees in English: ₹1,234.50. */
const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A merchant of its own with one bill made from two finished orders. */
async function billedMerchant(page: Page, suffix: string) {
  const { merchantId, merchantName, orders, bill } = await makeBill(page, {
    merchantName: `Payments E2E ${suffix}`,
    poPrefix: `PAY/${suffix}`,
    phone: '9825012345',
  });
  return { merchantId, merchantName, bill, orderIds: orders.map((order) => order._id) };
}

interface DuesRead {
  rows: {
    merchantId: string;
    billedAmount: number;
    receivedAmount: number;
    outstandingAmount: number;
  }[];
}
interface StatementRead {
  openingBalance: number;
  closingBalance: number;
  entries: { kind: string; debit: number; credit: number; balance: number }[];
}

/** The bill, the dues book and the statement, as the API reads them now. */
async function books(page: Page, merchantId: string, billId: string) {
  const bill = await api<MadeBill>(page, 'GET', `/api/bills/${billId}`);
  const dues = await api<DuesRead>(page, 'GET', `/api/reports/dues?asOf=${today()}`);
  const row = dues.rows.find((candidate) => candidate.merchantId === merchantId);
  const statement = await api<StatementRead>(
    page,
    'GET',
    `/api/merchants/${merchantId}/statement?startDate=2000-01-01&endDate=2100-12-31`,
  );
  return { bill, row, statement };
}

test('a part payment with TDS settles the bill, and the dues book and statement agree to the paisa', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  await signIn(page);
  await readLocalToday(page);
  const { merchantId, merchantName, bill, orderIds } = await billedMerchant(page, suffix);
  const received = 500;
  const tds = 20.5;
  const settled = received + tds;
  const left = (paise(bill.totalAmount) - paise(settled)) / 100;

  await page.goto('/payments');
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await dialog.getByRole('combobox', { name: /^Merchant/ }).fill(merchantName);
  await page.getByRole('option', { name: merchantName }).click();
  await expect(dialog.getByRole('table', { name: 'Bills settled' })).toContainText(bill.number);
  await dialog.getByRole('textbox', { name: /^Amount received/ }).fill(String(received));
  await dialog.getByRole('textbox', { name: /^TDS deducted/ }).fill(String(tds));
  await dialog.getByRole('combobox', { name: /^Method/ }).click();
  await page.getByRole('option', { name: 'Cheque' }).click();
  await dialog.getByRole('textbox', { name: /^Reference/ }).fill('004512');
  await expect(
    dialog.getByRole('textbox', { name: `Amount applied to ${bill.number}` }),
  ).toHaveValue(String(settled));
  await expect(dialog.getByTestId('split-advance')).toHaveText('₹0.00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: merchantName });
  await expect(row).toContainText(`${bill.number}: ${rupees(settled)}`);
  await expect(row).toContainText('004512');

  // The bill is partly paid and its orders are not paid yet.
  await page.goto(`/billing?number=${encodeURIComponent(bill.number)}`);
  const billRow = page.getByRole('row').filter({ hasText: bill.number });
  await expect(billRow).toContainText('Partly paid');
  await expect(billRow).toContainText(rupees(left));

  const after = await books(page, merchantId, bill._id);
  expect(after.bill.status).toBe('partly_paid');
  expect(paise(after.bill.balance)).toBe(paise(left));
  expect(paise(after.row?.outstandingAmount ?? NaN)).toBe(paise(left));
  expect(paise(after.row?.receivedAmount ?? NaN)).toBe(paise(settled));
  expect(paise(after.statement.closingBalance)).toBe(paise(left));
  expect(after.statement.entries.map((entry) => entry.kind)).toEqual(['bill', 'payment']);

  // The dues book and the statement show the same figure.
  await page.goto('/customers');
  const duesRow = page.getByRole('row').filter({ hasText: merchantName });
  await expect(duesRow).toContainText(rupees(left));
  await duesRow.getByRole('link', { name: `Open the statement of ${merchantName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${merchantId}$`));
  const entries = page.getByRole('table', { name: 'Entries of the statement' });
  await expect(entries).toContainText(`Bill ${bill.number}`);
  await expect(entries).toContainText('Payment Cheque 004512');
  await expect(entries.getByRole('row').last()).toContainText(rupees(left));
  const share = page.getByRole('link', { name: 'Share on WhatsApp' });
  const text = new URL((await share.getAttribute('href')) ?? '').searchParams.get('text') ?? '';
  expect(text).toContain(`${rupees(left)} outstanding for ${merchantName}`);
  expect(text).toContain(`Oldest bill ${bill.number}`);

  // Its orders follow the bill: billed, not paid, and the paid switch is read-only.
  await page.goto(`/orders/edit/${orderIds[0]}`);
  await expect(page.getByRole('switch', { name: /Paid/ })).toBeDisabled();
  await expect(page.getByText(/Paid status follows the bill/)).toBeVisible();

  // Deleting the payment gives its money back to the bill.
  await page.goto(`/payments?merchantId=${merchantId}`);
  await page.getByRole('button', { name: /^Delete ₹500\.00 from/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete payment?' });
  await expect(confirm).toContainText('Its allocations go back to the bills');
  await confirm.getByRole('button', { name: 'Delete payment' }).click();
  await expect(toast(page, 'Payment deleted; its money went back to the bills')).toBeVisible();

  const reverted = await books(page, merchantId, bill._id);
  expect(reverted.bill.status).toBe('unpaid');
  expect(paise(reverted.bill.balance)).toBe(paise(bill.totalAmount));
  expect(paise(reverted.row?.outstandingAmount ?? NaN)).toBe(paise(bill.totalAmount));
  expect(paise(reverted.statement.closingBalance)).toBe(paise(bill.totalAmount));
  await page.goto(`/customers/${merchantId}`);
  await expect(
    page.getByRole('table', { name: 'Entries of the statement' }).getByRole('row').last(),
  ).toContainText(rupees(bill.totalAmount));
});

const LANGUAGES = ['en', 'gu', 'hi'] as const;
const STATEMENT_TITLE: Record<(typeof LANGUAGES)[number], string> = {
  en: 'Statement of account',
  gu: 'ખાતાપત્રક',
  hi: 'खाता विवरण',
};

test('prints a statement on one A4 page in English, Gujarati and Hindi', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  await signIn(page);
  await readLocalToday(page);
  const { merchantId, bill } = await billedMerchant(page, suffix);
  await api(page, 'POST', '/api/payments', {
    merchantId,
    paymentDate: today(),
    amount: 700,
    tdsAmount: 14,
    method: 'upi',
    reference: `UTR${suffix}`.slice(0, 20),
  });
  for (const language of LANGUAGES) {
    await page.evaluate((value) => localStorage.setItem('language', value), language);
    await page.goto(`/customers/${merchantId}?lang=${language}`);
    const sheet = page.getByRole('article');
    await expect(sheet).toContainText(STATEMENT_TITLE[language]);
    await expect(sheet).toContainText(bill.number);
    const name = `statement-${language}-A4`;
    const { pageWidth } = await printToPictures(page, testInfo, { name, size: 'A4', dpi: 80 });
    expect(pageWidth).toBe(595);
  }
});
