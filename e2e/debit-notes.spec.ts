import { expect, test } from '@playwright/test';
import path from 'node:path';
import { pictureDirectory } from './pictures.ts';
import { api, browserToday, makeBill, signIn, toast, uniqueSuffix } from './support.ts';

/*
 * A debit note is owed like a bill: the register lists it on its own tab, and a payment recorded
 * on the workshop tablet settles the bill first (the older document) and then the note.
 * Screenshots of both screens go to docs/screenshots with DOC_SCREENSHOTS=1.
 */
test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: false });

interface IssuedNote {
  _id: string;
  number: string;
  totalAmount: number;
  balance: number;
  status: string;
}

const paise = (amount: number) => Math.round(amount * 100);

test('a debit note has its own tab in the register and a payment settles it after its bill', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  await signIn(page);
  const { merchantName, bill } = await makeBill(page, {
    merchantName: `Debit Note E2E ${suffix}`,
    poPrefix: `DN/${suffix}`,
  });
  const note = await api<IssuedNote>(page, 'POST', '/api/bill-notes', {
    billId: bill._id,
    kind: 'debit',
    noteDate: await browserToday(page),
    reason: 'correction_in_invoice',
    taxableAmount: 200,
  });
  expect(note.status).toBe('unpaid');

  await page.goto('/billing');
  await page.getByRole('radiogroup', { name: 'Show' }).getByText('Debit notes').tap();
  await expect(page).toHaveURL(/kind=debit/);
  const noteRow = page.getByRole('row').filter({ hasText: note.number });
  await expect(noteRow).toContainText(bill.number);
  await expect(noteRow).toContainText(merchantName);
  await page.screenshot({ path: path.join(pictureDirectory(testInfo), 'debit-notes-tablet.png') });

  // Enough for the whole bill and part of the note: the bill is the older document.
  const received = (paise(bill.totalAmount) + paise(50)) / 100;
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await dialog.getByRole('combobox', { name: /^Merchant/ }).fill(merchantName);
  await page.getByRole('option', { name: merchantName }).click();
  const lines = dialog.getByRole('table', { name: 'Bills settled' });
  await expect(lines).toContainText(bill.number);
  await expect(lines.getByRole('row').filter({ hasText: note.number })).toContainText('Debit note');
  await dialog.getByRole('textbox', { name: /^Amount received/ }).fill(String(received));
  await dialog.getByRole('combobox', { name: /^Method/ }).click();
  await page.getByRole('option', { name: 'UPI' }).click();
  await expect(
    dialog.getByRole('textbox', { name: `Amount applied to ${bill.number}` }),
  ).toHaveValue(bill.totalAmount.toLocaleString('en-IN', { maximumFractionDigits: 2 }));
  await expect(
    dialog.getByRole('textbox', { name: `Amount applied to ${note.number}` }),
  ).toHaveValue('50');
  await lines.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: path.join(pictureDirectory(testInfo), 'payment-debit-note-tablet.png'),
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();

  const paidNote = await api<IssuedNote>(page, 'GET', `/api/bill-notes/${note._id}`);
  expect(paidNote.status).toBe('partly_paid');
  expect(paise(paidNote.balance)).toBe(paise(note.totalAmount) - paise(50));
  const paidBill = await api<{ status: string }>(page, 'GET', `/api/bills/${bill._id}`);
  expect(paidBill.status).toBe('paid');
});
