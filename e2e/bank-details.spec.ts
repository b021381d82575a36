import { expect, test } from '@playwright/test';
import { signIn, toast, uniqueSuffix } from './support.ts';

interface Account {
  _id: string;
  bankName: string;
  isActive: boolean;
}

test('adds two bank accounts, switches the active one, and the list and /active agree', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const first = `Canara Bank ${suffix}`;
  const second = `Union Bank ${suffix}`;

  await signIn(page);
  await page.goto('/bank-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Bank details' })).toBeVisible();

  const add = async (bankName: string, accountNumber: string, ifsc: string, active: boolean) => {
    await page.getByRole('button', { name: 'Add bank account' }).click();
    const form = page.getByRole('dialog', { name: 'Add bank account' });
    await form.getByRole('textbox', { name: 'Bank name' }).fill(bankName);
    await form.getByRole('textbox', { name: 'Account number' }).fill(accountNumber);
    await form.getByRole('textbox', { name: 'IFSC code' }).fill(ifsc);
    if (active) await form.getByRole('switch', { name: /Active account/ }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Bank detail created successfully')).toBeVisible();
    await expect(form).toBeHidden();
  };
  await add(first, '110023456789', 'cnrb0001234', true);
  await add(second, '520101234567', 'UBIN0531234', false);

  await page.getByRole('textbox', { name: 'Search by bank' }).fill(suffix);
  const table = page.getByRole('table', { name: 'Bank accounts' });
  const firstRow = table.getByRole('row').filter({ hasText: first });
  const secondRow = table.getByRole('row').filter({ hasText: second });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(firstRow).toContainText('Active');
  await expect(firstRow).toContainText('CNRB0001234');
  // Masked until asked for.
  await expect(secondRow).toContainText('•••• 4567');
  await expect(secondRow).not.toContainText('520101234567');
  await secondRow.getByRole('button', { name: `Show the account number of ${second}` }).click();
  await expect(secondRow).toContainText('520101234567');

  await secondRow.getByRole('button', { name: `Set active: ${second}` }).click();
  await expect(toast(page, 'Bank detail set as active successfully')).toBeVisible();
  await expect(firstRow.getByRole('button', { name: `Set active: ${first}` })).toBeVisible();
  await expect(secondRow.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByTestId('active-bank-detail')).toContainText(second);

  const active = (await (await page.request.get('/api/bank-details/active')).json()) as {
    data: Account;
  };
  expect(active.data.bankName).toBe(second);
  const all = (await (await page.request.get('/api/bank-details/all')).json()) as {
    data: { data: Account[] };
  };
  expect(all.data.data.filter((account) => account.isActive).map((a) => a.bankName)).toEqual([
    second,
  ]);
});
