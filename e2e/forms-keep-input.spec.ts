import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueSuffix } from './support.ts';

async function fillOrder(page: Page, poNumber: string, notes: string) {
  await page.goto('/orders/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
  const merchant = page.getByRole('combobox', { name: 'Merchant' });
  await merchant.click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByRole('textbox', { name: 'PO number' }).fill(poNumber);
  await page.getByRole('textbox', { name: 'Notes' }).fill(notes);
  const line = page.getByRole('listitem', { name: 'Line 1' });
  const design = line.getByRole('combobox', { name: 'Design' });
  await design.click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await line.getByRole('textbox', { name: 'Quantity' }).fill('12');
  const merchantName = await merchant.inputValue();
  return { merchantName, line };
}

test('a server error on save keeps the whole order on screen and says so', async ({ page }) => {
  const poNumber = `KEEP/${uniqueSuffix()}`;
  await signIn(page);
  await page.route('**/api/orders', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            code: 'internal',
            message: 'Internal server error',
          }),
        })
      : route.fallback(),
  );
  const { merchantName, line } = await fillOrder(page, poNumber, 'Red thread, pack in tens');
  await page.getByRole('button', { name: 'Create order' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/create$/);
  await expect(page.getByRole('combobox', { name: 'Merchant' })).toHaveValue(merchantName);
  await expect(page.getByRole('textbox', { name: 'PO number' })).toHaveValue(poNumber);
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveValue(
    'Red thread, pack in tens',
  );
  await expect(line.getByRole('textbox', { name: 'Quantity' })).toHaveValue('12');

  // Once the server answers again, the same form saves.
  await page.unroute('**/api/orders');
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page).toHaveURL(/\/orders$/);
});

test('leaving an order form with unsaved input asks first', async ({ page }) => {
  await signIn(page);
  await fillOrder(page, `LEAVE/${uniqueSuffix()}`, 'Half done');
  await page.getByRole('link', { name: 'Merchants', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/orders\/create$/);
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveValue('Half done');
});

test('a new order typed but not saved is offered back after a reload', async ({ page }) => {
  const poNumber = `DRAFT/${uniqueSuffix()}`;
  await signIn(page);
  await fillOrder(page, poNumber, 'Keep me');
  // The draft is written a moment after typing stops.
  await page.waitForTimeout(800);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByText(/Unsaved entries from/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'PO number' })).toHaveValue('');
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('textbox', { name: 'PO number' })).toHaveValue(poNumber);
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveValue('Keep me');
});
