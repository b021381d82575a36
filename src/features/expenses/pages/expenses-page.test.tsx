import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Expense, ExpensePaymentMethod } from '../../../../contract/expenses.ts';
import { expenses } from '@/features/expenses/resource';
import { renderWithProviders } from '@/test/render';
import { fail, ok } from '@/test/msw/envelope';
import { createResourceFake, TEST_ORGANIZATION_ID, testId } from '@/test/msw/resource-fake';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import ExpensesPage from './expenses-page';

const CATEGORIES = ['Rent', 'Electricity', 'Thread and zari', 'Transport', 'Machine repair'];
const METHODS: (ExpensePaymentMethod | null)[] = ['cash', 'upi', 'bank_transfer', 'cheque', null];

/** Deterministic expenses, newest first as the API's default order returns them. */
function makeExpenses(count: number): Expense[] {
  const base = Date.UTC(2025, 0, 1);
  return Array.from({ length: count }, (_, index) => {
    const n = count - index;
    const createdAt = new Date(base + n * 86_400_000).toISOString();
    return {
      _id: testId(5000 + n),
      organizationId: TEST_ORGANIZATION_ID,
      version: 1,
      category: CATEGORIES[(n - 1) % CATEGORIES.length] ?? 'Rent',
      amount: 100 * n + 0.5,
      expenseDate: createdAt.slice(0, 10),
      description: n % 2 === 0 ? `Bill ${n}` : null,
      paymentMethod: METHODS[n % METHODS.length] ?? null,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/** An in-memory /api/expenses, plus the categories the form suggests. */
function createExpensesFake(initial: Expense[] = makeExpenses(12)) {
  const fake = createResourceFake<Expense>({
    resource: expenses,
    records: initial,
    blank: { category: '', amount: 0, expenseDate: '', description: null, paymentMethod: null },
    list: {
      sortable: ['expenseDate', 'amount', 'category', 'createdAt'],
      textFilters: { category: 'category' },
      defaultSort: '-createdAt',
      exactFilters: { expenseDate: 'expenseDate' },
      rangeFilters: { startDate: ['expenseDate', 'min'], endDate: ['expenseDate', 'max'] },
    },
  });
  const categories = http.get('*/api/expenses/categories', () =>
    ok({
      data: [...new Set(fake.records.map((e) => e.category))].sort((a, b) => a.localeCompare(b)),
    }),
  );
  return { ...fake, expenses: fake.records, handlers: [categories, ...fake.handlers] };
}

type ExpensesFake = ReturnType<typeof createExpensesFake>;

const server = setupMswServer();
let fake: ExpensesFake;

function renderPage(route = '/expenses') {
  return renderWithProviders(<ExpensesPage />, { path: '/expenses', route });
}

const location = () => screen.getByTestId('location').textContent;

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Expenses' });
  return within(table).getAllByRole('row').slice(1);
}

const cellTexts = (column: number) =>
  bodyRows().map((row) => within(row).getAllByRole('cell')[column]?.textContent ?? '');

beforeEach(() => {
  signInTestUser();
  fake = createExpensesFake();
  server.use(...fake.handlers);
});

describe('ExpensesPage', { timeout: 20_000 }, () => {
  it('lists expenses newest first with dates, categories and rupee amounts', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Expenses' })).toBeInTheDocument();
    await screen.findByText('Showing 1–10 of 12');
    expect(bodyRows()).toHaveLength(10);
    // Newest: n = 12 -> 2025-01-13, Electricity (12 - 1) % 5 = 1, ₹1,200.50, description "Bill 12".
    expect(cellTexts(0)[0]).toBe('13 Jan 2025');
    expect(cellTexts(1)[0]).toBe('ElectricityBill 12');
    expect(cellTexts(3)[0]).toBe('₹1,200.50');
    expect(fake.requestsOf('GET').find((r) => r.url.pathname === '/api/expenses')?.url.search).toBe(
      '?page=1&limit=10',
    );
    expect(screen.getByRole('link', { name: 'Expense analysis' })).toHaveAttribute(
      'href',
      '/expense-analysis',
    );
  });

  it('filters by category after typing pauses and keeps it in the URL', async () => {
    const { user } = renderPage('/expenses?page=2');
    await screen.findByText('Showing 11–12 of 12');
    await user.type(screen.getByRole('textbox', { name: 'Search by category' }), 'rent');
    await waitFor(() => expect(location()).toBe('/expenses?category=rent'));
    await waitFor(() => expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument());
    expect(cellTexts(1).every((text) => text.startsWith('Rent'))).toBe(true);
  });

  it('reads the exact-day and date-range filters from the URL', async () => {
    renderPage('/expenses?expenseDate=2025-01-05');
    await screen.findByText('Showing 1–1 of 1');
    expect(cellTexts(0)).toEqual(['05 Jan 2025']);
    const request = fake.requestsOf('GET').find((r) => r.url.searchParams.has('expenseDate'));
    expect(request?.url.searchParams.get('expenseDate')).toBe('2025-01-05');
  });

  it('sorts by amount, ascending then descending', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–10 of 12');
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(cellTexts(3)[0]).toBe('₹100.50'));
    expect(location()).toBe('/expenses?sort=amount');
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(cellTexts(3)[0]).toBe('₹1,200.50'));
    expect(location()).toBe('/expenses?sort=-amount');
  });

  it('validates, suggests existing categories, creates and refetches', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–10 of 12');
    await user.click(screen.getByRole('button', { name: 'Add expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add expense' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(fake.requestsOf('POST')).toHaveLength(0);

    const category = within(dialog).getByRole('combobox', { name: 'Category' });
    await user.type(category, 'Mach');
    await user.click(await screen.findByRole('option', { name: 'Machine repair' }));
    expect(category).toHaveValue('Machine repair');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '2450.75');
    const date = within(dialog).getByRole('textbox', { name: 'Expense date' });
    await user.clear(date);
    await user.type(date, '14/02/2025');
    await user.click(within(dialog).getByRole('textbox', { name: 'Description' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Head servicing');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Expense created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requestsOf('POST')[0]?.body).toEqual({
      category: 'Machine repair',
      amount: 2450.75,
      expenseDate: '2025-02-14',
      paymentMethod: null,
      description: 'Head servicing',
    });
    expect(fake.requestsOf('POST')[0]?.headers.get('idempotency-key')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Showing 1–10 of 13')).toBeInTheDocument());
    expect(cellTexts(1)[0]).toBe('Machine repairHead servicing');
  });

  it('edits an expense from its row', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–10 of 12');
    await user.click(
      screen.getByRole('button', { name: 'Edit Electricity ₹1,200.50 on 13 Jan 2025' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit expense' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveValue('1,200.5');
    await user.clear(amount);
    await user.type(amount, '1300');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Expense updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(cellTexts(3)[0]).toBe('₹1,300.00'));
    const put = fake.requestsOf('PUT')[0];
    expect(put?.url.pathname).toBe(`/api/expenses/${fake.expenses[0]?._id}`);
    expect(put?.body).toMatchObject({ category: 'Electricity', amount: 1300 });
  });

  it('deletes after confirmation', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–10 of 12');
    await user.click(
      screen.getByRole('button', { name: 'Delete Electricity ₹1,200.50 on 13 Jan 2025' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete expense?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Expense deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Showing 1–10 of 11')).toBeInTheDocument());
  });

  it('shows the default error toast when creating fails without a message', async () => {
    server.use(http.post('*/api/expenses', () => fail(502, '')));
    const { user } = renderPage();
    await screen.findByText('Showing 1–10 of 12');
    await user.click(screen.getByRole('button', { name: 'Add expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add expense' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Category' }), 'Rent');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to create expense')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add expense' })).toBeInTheDocument();
  });

  it('falls back to the translated message when the list cannot load', async () => {
    server.use(http.get('*/api/expenses', () => fail(502, '')));
    renderPage();
    expect(await screen.findByText('Failed to fetch expenses')).toBeInTheDocument();
  });

  it('shows the empty state for an organization without expenses', async () => {
    fake = createExpensesFake(makeExpenses(0));
    server.use(...fake.handlers);
    renderPage();
    expect(await screen.findByText('No expenses found')).toBeInTheDocument();
  });
});
