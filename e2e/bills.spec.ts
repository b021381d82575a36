import { expect, test } from '@playwright/test';
import { billReview, merchantWithOrders } from './billing-desk.ts';
import { horizontalOverflow, signIn, smallTargets, uniqueSuffix } from './support.ts';

test('makes one bill from two finished orders and finds it in the register and the CSV', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const suffix = uniqueSuffix();
  const merchantName = `Bills E2E ${suffix}`;
  await signIn(page);
  const { orders } = await merchantWithOrders(page, {
    name: merchantName,
    poPrefix: `BILL/${suffix}`,
  });
  const [first, second] = orders as [(typeof orders)[0], (typeof orders)[0]];

  await page.goto('/export-bill-review');
  const group = page.getByRole('region', { name: merchantName });
  await expect(group).toContainText('Orders: 2');
  await expect(group).toContainText('₹1,350.00');
  await page.getByRole('checkbox', { name: `Bill ${first.poNumber}` }).check();
  await page.getByRole('checkbox', { name: `Bill ${second.poNumber}` }).check();
  await expect(page.getByText(`Selected for ${merchantName}: 2`)).toBeVisible();
  await page.getByRole('button', { name: 'Make bill' }).click();
  await billReview(page).getByRole('button', { name: 'Issue bill' }).click();

  const made = page.getByText(/^Bill .+ is made\.$/);
  await expect(made).toBeVisible();
  const number = ((await made.textContent()) ?? '').replace(/^Bill (.+) is made\.$/, '$1');
  expect(number).toMatch(/^[A-Z0-9-]+\/\d{4}-\d{2}\/\d{4}$/);
  await expect(group).toHaveCount(0);

  // The orders list shows each order's bill, linking to the order's bill page.
  await page.goto(`/orders?poNumber=${encodeURIComponent(`BILL/${suffix}/`)}`);
  const orderRow = page.getByRole('row').filter({ hasText: first.poNumber });
  const billLink = orderRow.getByRole('link', { name: `Bill ${number}` });
  await expect(billLink).toHaveText(number);
  await expect(page.getByRole('row').filter({ hasText: second.poNumber })).toContainText(number);
  await page
    .getByRole('table', { name: 'Orders' })
    .screenshot({ path: test.info().outputPath('orders-with-bill-number.png') });
  await billLink.click();
  await expect(page).toHaveURL(new RegExp(`/export-bill-review/${first._id}$`));

  // The order now carries its bill.
  await page.goto(`/export-bill-review/${first._id}`);
  await expect(page.getByText(`Order ${first.poNumber} is on bill ${number}.`)).toBeVisible();

  await page.goto(`/billing?number=${encodeURIComponent(number)}`);
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText(merchantName);
  await expect(row).toContainText('Unpaid');
  const total = (await row.getByRole('cell').nth(3).textContent()) ?? '';
  expect(total).toMatch(/₹1,4\d\d\.00/);

  const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  expect(href).toBe(`/api/bills/export.csv?number=${encodeURIComponent(number)}`);
  const csv = await (await page.request.get(href ?? '')).text();
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(number);
  expect(lines[1]).toContain(merchantName);
  expect(lines[1]).toContain(total.replace(/[₹,]/g, ''));
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: false });

  test('the desk and the register have finger-sized targets and no sideways scroll', async ({
    page,
  }) => {
    const suffix = uniqueSuffix();
    await signIn(page);
    const { orders } = await merchantWithOrders(page, {
      name: `Tablet bills ${suffix}`,
      poPrefix: `BILL/${suffix}`,
    });
    await page.goto('/export-bill-review');
    const pick = page.getByRole('checkbox', { name: `Bill ${orders[0]?.poNumber}` });
    await pick.check();
    await expect(page.getByRole('button', { name: 'Make bill' })).toBeVisible();
    // The shared date field, as on every other form.
    await expect(page.getByRole('textbox', { name: /^Bill date/ })).toHaveValue(
      /^\d{2} [A-Z][a-z]{2} \d{4}$/,
    );
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    // What was typed in the panel is offered back after a reload.
    await page.getByRole('textbox', { name: 'Notes' }).fill(`Tablet draft ${suffix}`);
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage).some((key) => key.startsWith('karkhana:draft:')),
        ),
      )
      .toBe(true);
    await page.reload();
    await pick.check();
    await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    const panel = page.getByRole('region', { name: 'Make bill' });
    await panel.screenshot({ path: test.info().outputPath('desk-panel-draft-tablet.png') });
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveValue(
      `Tablet draft ${suffix}`,
    );
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await panel.screenshot({ path: test.info().outputPath('desk-panel-tablet.png') });

    await page.goto('/billing');
    await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});
