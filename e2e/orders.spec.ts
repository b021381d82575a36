import { expect, test, type Page } from '@playwright/test';
import { signIn, toast, uniqueSuffix } from './support.ts';

/** A merchant of its own keeps this run's figures apart from the demo order book. */
async function createMerchant(page: Page, name: string): Promise<string> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post('/api/merchants', {
    data: { name },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

async function pickDesign(page: Page, line: number, design: string) {
  const item = page.getByRole('listitem', { name: `Line ${line}` });
  const select = item.getByRole('combobox', { name: 'Design' });
  await select.click();
  await select.fill(design.slice(0, 7));
  await page.getByRole('option', { name: design }).click();
  return item;
}

const totalCard = (page: Page, id: string) => page.getByTestId(`total-${id}`);

test('takes an order through edit, delivery and payment, and order analytics follows', async ({
  page,
}) => {
  // A whole order's life in one flow: longer than a single-screen test.
  test.setTimeout(60_000);
  const suffix = uniqueSuffix();
  const merchantName = `Orders E2E ${suffix}`;
  const poNumber = `E2E/${suffix}`.slice(0, 40);

  await signIn(page);
  const merchantId = await createMerchant(page, merchantName);
  const analyticsUrl = `/order-analytics?merchantId=${merchantId}`;

  await page.goto(analyticsUrl);
  await expect(page.getByText('No orders in this range')).toBeVisible();
  await expect(totalCard(page, 'orders')).toContainText('0');

  // Create with two lines; rates come from the designs, amounts follow the quantities.
  await page.goto('/orders/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
  const merchant = page.getByRole('combobox', { name: 'Merchant' });
  await merchant.click();
  await merchant.fill(suffix);
  await page.getByRole('option', { name: merchantName }).click();
  await page.getByRole('textbox', { name: 'PO number' }).fill(poNumber);
  const first = await pickDesign(page, 1, 'EMB-101 — Paisley Border');
  await expect(first.getByRole('textbox', { name: 'Rate (₹ per piece)' })).toHaveValue('45');
  await first.getByRole('textbox', { name: 'Quantity' }).fill('10');
  await page.getByRole('button', { name: 'Add design' }).click();
  const second = await pickDesign(page, 2, 'EMB-102 — Mango Butta');
  await second.getByRole('textbox', { name: 'Quantity' }).fill('20');
  await expect(page.getByTestId('line-amount-0')).toHaveText('₹450.00');
  await expect(page.getByTestId('line-amount-1')).toHaveText('₹250.00');
  await expect(page.getByTestId('order-total')).toHaveText('₹700.00');
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(toast(page, 'Order created successfully')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/orders');

  // Edit: more pieces of the second design.
  const row = page.getByRole('row').filter({ hasText: poNumber });
  await expect(row).toContainText('₹700.00');
  await expect(row).toContainText('Pending');
  await page.getByRole('button', { name: `Edit ${poNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${poNumber}` })).toBeVisible();
  const editedLine = page.getByRole('listitem', { name: 'Line 2' });
  await editedLine.getByRole('textbox', { name: 'Quantity' }).fill('40');
  await expect(page.getByTestId('order-total')).toHaveText('₹950.00');
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(toast(page, 'Order updated successfully')).toBeVisible();
  await expect(row).toContainText('₹950.00');

  // Status: only the allowed moves are offered at each step.
  await page.getByRole('button', { name: `Edit ${poNumber}` }).click();
  const status = page.getByRole('group', { name: 'Status' });
  await expect(status.getByRole('button')).toHaveText(['Start work', 'Cancel order']);
  for (const [move, reached] of [
    ['Start work', 'In progress'],
    ['Mark completed', 'Completed'],
    ['Mark delivered', 'Delivered'],
  ] as const) {
    await status.getByRole('button', { name: move }).click();
    if (move === 'Mark completed') {
      // Starting work made the order's job cards and none is done, so completing asks first.
      await page
        .getByRole('dialog', { name: 'Job cards still open' })
        .getByRole('button', { name: 'Complete anyway' })
        .click();
    }
    await expect(status).toContainText(reached);
  }
  await expect(status.getByRole('button')).toHaveCount(0);
  await expect(status).toContainText('final status');

  await page.goto(analyticsUrl);
  await expect(totalCard(page, 'orders')).toContainText('1');
  await expect(totalCard(page, 'amount')).toContainText('₹950.00');
  await expect(totalCard(page, 'unpaid')).toContainText('₹950.00');
  await expect(totalCard(page, 'paid')).toContainText('₹0.00');

  // Paid, from the list. The list first shows this device's saved copy, read before the status
  // moves above; a switch flipped on that copy is refused as stale. A user flipping it then gets
  // the "someone else changed this record" message and the fresh list; the test waits for it.
  const freshList = page.waitForResponse(
    (response) => response.url().includes('/api/orders?') && response.request().method() === 'GET',
  );
  await page.goto('/orders');
  await freshList;
  // By keyboard: other specs' long PO numbers can widen the table so that the Paid column sits
  // under the sticky actions column, where a click at the switch's position lands on the actions.
  await page.getByRole('switch', { name: `Paid: ${poNumber}` }).press('Space');
  await expect(toast(page, 'Order updated successfully')).toBeVisible();
  await expect(page.getByRole('switch', { name: `Paid: ${poNumber}` })).toBeChecked();

  await page.goto(`${analyticsUrl}&groupBy=status`);
  await expect(totalCard(page, 'paid')).toContainText('₹950.00');
  await expect(totalCard(page, 'unpaid')).toContainText('₹0.00');
  const table = page.getByRole('table', { name: 'Orders grouped by status' });
  await expect(table.getByRole('row').filter({ hasText: 'Delivered' })).toContainText('₹950.00');

  await page
    .locator('label')
    .filter({ hasText: /^Chart$/ })
    .click();
  await expect(page).toHaveURL(/view=chart/);
  await expect(page.getByTestId('order-analytics-chart').locator('svg').first()).toBeVisible();
  await expect(totalCard(page, 'paid')).toContainText('₹950.00');
  await expect(totalCard(page, 'orders')).toContainText('1');
});
