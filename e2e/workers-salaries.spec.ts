import { expect, test, type Page } from '@playwright/test';
import { choose, signIn, toast, uniqueSuffix } from './support.ts';

test('adds a worker, pays and edits the payment, reads the summary, and is told to deactivate instead of deleting', async ({
  page,
}) => {
  // Three pages, two saves and a refused delete: more than the default 30 s on a loaded runner.
  test.setTimeout(60_000);
  const name = `Bhavesh Rana ${uniqueSuffix()}`;
  await signIn(page);

  await page.goto('/workers');
  await expect(page.getByRole('heading', { level: 1, name: 'Workers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add worker' }).click();
  const addForm = page.getByRole('dialog', { name: 'Add worker' });
  await addForm.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await addForm.getByRole('textbox', { name: 'Designation' }).fill('Aari karigar');
  await addForm.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Worker created successfully')).toBeVisible();
  await expect(addForm).toBeHidden();

  await page.goto('/salary-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Salaries' })).toBeVisible();
  await page.getByRole('link', { name: 'Record payment' }).click();
  await expect(page).toHaveURL(/\/salary-management\/create$/);
  await choose(page, 'Worker', name);
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('5000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Worker salary entry created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/salary-management$/);

  await filterByWorker(page, name);
  const total = page.getByTestId('summary-total');
  await expect(total).toHaveText('₹5,000.00');
  await expect(page.getByTestId('summary-count')).toHaveText('1 payment');
  const rows = page.getByRole('table', { name: 'Salary payments' }).getByRole('row');
  await expect(rows).toHaveCount(2);

  await page.getByRole('button', { name: new RegExp(`^Edit payment to ${name}`) }).click();
  await expect(page).toHaveURL(/\/salary-management\/edit\//);
  const amount = page.getByRole('textbox', { name: 'Amount', exact: true });
  await expect(amount).toHaveValue('5,000');
  await amount.fill('6500.5');
  await choose(page, 'Payment type', 'Bonus');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Worker salary entry updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/salary-management$/);

  await filterByWorker(page, name);
  await expect(total).toHaveText('₹6,500.50');
  await expect(rows.filter({ hasText: name })).toContainText('Bonus');

  await page.goto('/workers');
  await page.getByRole('textbox', { name: 'Search name, phone or designation' }).fill(name);
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete worker?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(/Mark the worker inactive instead/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Workers' }).getByText(name)).toBeVisible();

  // Marking them inactive is the way out: the switch in the worker's row.
  const workerRow = page
    .getByRole('table', { name: 'Workers' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(workerRow.getByRole('switch', { name: `Mark ${name} inactive` })).toBeChecked();
  await workerRow.locator('.mantine-Switch-track').click();
  await expect(toast(page, 'Worker updated successfully')).toBeVisible();
  await expect(page.getByRole('switch', { name: `Mark ${name} active` })).not.toBeChecked();
});

/**
 * Right after a save the worker pick list refetches and re-renders its options; a click that
 * lands during that re-render is lost, so the choice is repeated until the URL holds it.
 */
async function filterByWorker(page: Page, name: string) {
  await expect(async () => {
    if (!/workerId=/.test(page.url())) await choose(page, 'Worker', name);
    await expect(page).toHaveURL(/workerId=/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}
