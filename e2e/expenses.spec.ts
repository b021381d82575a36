import { expect, test, type Page } from '@playwright/test';
import { registerAccount, signIn, toast, uniqueEmail } from './support.ts';

const thisYear = new Date().getFullYear();
const lastYear = thisYear - 1;

interface NewExpense {
  category: string;
  amount: string;
  /** Typed the Indian way, day first. */
  date: string;
  description?: string;
}

async function addExpense(page: Page, expense: NewExpense) {
  await page.getByRole('button', { name: 'Add expense' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add expense' });
  await form.getByRole('combobox', { name: 'Category' }).fill(expense.category);
  await form.getByRole('textbox', { name: 'Amount' }).fill(expense.amount);
  await form.getByRole('textbox', { name: 'Expense date' }).fill(expense.date);
  // Moving on closes the suggestion and calendar dropdowns without closing the dialog.
  await form.getByRole('textbox', { name: 'Description' }).click();
  if (expense.description) {
    await form.getByRole('textbox', { name: 'Description' }).fill(expense.description);
  }
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Expense created successfully')).toBeVisible();
  await expect(form).toBeHidden();
}

test('expenses in two years add up on the analysis page', async ({ page }) => {
  // A fresh organization, so the demo data does not mix into the figures.
  const account = { email: uniqueEmail('expenses'), password: 'ledger-e2e-pass' };
  await registerAccount(page.request, {
    organizationName: 'Ledger Test Works',
    name: 'Ledger Owner',
    ...account,
  });
  await signIn(page, account);

  await page.goto('/expenses');
  await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible();
  await expect(page.getByText('No expenses found')).toBeVisible();

  await addExpense(page, { category: 'Rent', amount: '12000', date: `15/01/${thisYear}` });
  await addExpense(page, {
    category: 'Thread',
    amount: '3000.50',
    date: `10/02/${thisYear}`,
    description: 'Zari cones',
  });
  await addExpense(page, { category: 'Rent', amount: '12000', date: `05/02/${thisYear}` });
  await addExpense(page, { category: 'Rent', amount: '20000', date: `01/03/${lastYear}` });

  const rows = page.getByRole('table', { name: 'Expenses' }).getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(rows.filter({ hasText: 'Zari cones' })).toContainText('₹3,000.50');

  await page.getByRole('link', { name: 'Expense analysis' }).first().click();
  await expect(page).toHaveURL((url) => url.pathname === '/expense-analysis');

  // This year 27,000.50 against 20,000 last year: up 35.0 %.
  const total = page.getByRole('region', { name: `Total spent in ${thisYear}` });
  await expect(total).toContainText('₹27,000.50');
  const trend = page.getByRole('region', { name: `Compared with ${lastYear}` });
  await expect(trend).toContainText('35.0%');
  await expect(trend).toContainText('Up');
  await expect(trend).toContainText(`Against ₹20,000.00 in ${lastYear}`);
  const highest = page.getByRole('region', { name: 'Highest category' });
  await expect(highest).toContainText('Rent');
  await expect(highest).toContainText('₹24,000.00');
  // January 12,000 and February 15,000.50.
  await expect(page.getByRole('region', { name: 'Average per month' })).toContainText('₹13,500.25');

  const categoryRows = page.getByRole('table', { name: 'By category' }).getByRole('row');
  await expect(categoryRows.nth(1)).toHaveText(/Rent\s*₹24,000\.00\s*89%/);
  await expect(categoryRows.nth(2)).toHaveText(/Thread\s*₹3,000\.50\s*11%/);

  // The chart draws a bar for each month with expenses and agrees with its data table.
  const chart = page.getByTestId('money-bar-chart');
  await expect(chart.locator('.recharts-bar-rectangle path')).toHaveCount(2);
  const months = page.getByRole('table', { name: `Month by month, ${thisYear}` });
  await expect(months.getByRole('row').nth(1)).toHaveText(/Jan\s*₹12,000\.00/);
  await expect(months.getByRole('row').nth(2)).toHaveText(/Feb\s*₹15,000\.50/);
  await expect(months.getByRole('row').nth(3)).toHaveText(/Mar\s*₹0\.00/);

  // Last year stands alone: nothing the year before it, so up 100 %.
  await page.getByRole('button', { name: 'Previous year' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('year') === String(lastYear));
  await expect(page.getByRole('region', { name: `Total spent in ${lastYear}` })).toContainText(
    '₹20,000.00',
  );
  const previousTrend = page.getByRole('region', { name: `Compared with ${lastYear - 1}` });
  await expect(previousTrend).toContainText('100.0%');
  await expect(previousTrend).toContainText('Up');
  await expect(chart.locator('.recharts-bar-rectangle path')).toHaveCount(1);
});
