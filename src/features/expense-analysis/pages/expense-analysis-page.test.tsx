import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { MONTH_NAMES, type ExpenseSummary } from '../../../../contract/expenses.ts';
import { renderWithProviders } from '@/test/render';
import { fail, ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import ExpenseAnalysisPage from './expense-analysis-page';

const server = setupMswServer();

function summary(
  year: number,
  categories: [string, number][],
  months: Partial<Record<number, number>>,
): ExpenseSummary {
  return {
    year,
    yearlyTotal: categories.reduce((total, [, amount]) => total + amount, 0),
    categorySummary: categories.map(([_id, total]) => ({ _id, total })),
    monthlySummary: MONTH_NAMES.map((month, index) => ({
      month,
      monthNumber: index + 1,
      total: months[index + 1] ?? 0,
    })),
  };
}

const YEAR_2024 = summary(
  2024,
  [
    ['Rent', 36_000],
    ['Thread', 9_000],
    ['Transport', 5_000],
  ],
  { 1: 20_000, 6: 20_000, 11: 10_000 },
);
const YEAR_2023 = summary(2023, [['Rent', 40_000]], { 3: 40_000 });

let requestedYears: string[];

function serveSummaries(byYear: Record<string, ExpenseSummary | 'fail'>) {
  server.use(
    http.get('*/api/expenses/summary/monthly', ({ request }) => {
      const year = new URL(request.url).searchParams.get('year') ?? '';
      requestedYears.push(year);
      const answer = byYear[year];
      if (answer === 'fail') return fail(503, '');
      return ok(answer ?? summary(Number(year), [], {}), 'Expense summary fetched successfully');
    }),
  );
}

function card(label: string | RegExp) {
  return screen.getByRole('region', { name: label });
}

function renderPage(route: string) {
  return renderWithProviders(<ExpenseAnalysisPage />, { path: '/expense-analysis', route });
}

beforeEach(() => {
  signInTestUser();
  requestedYears = [];
});

describe('ExpenseAnalysisPage', { timeout: 15_000 }, () => {
  it('shows the total, trend, highest category, average and shares for the chosen year', async () => {
    serveSummaries({ 2024: YEAR_2024, 2023: YEAR_2023 });
    renderPage('/expense-analysis?year=2024');
    const total = await screen.findByRole('region', { name: 'Total spent in 2024' });
    expect(within(total).getByText('₹50,000.00')).toBeInTheDocument();
    expect(within(total).getByText('Across 3 categories')).toBeInTheDocument();

    // 50,000 against 40,000: up 25.0 %.
    await waitFor(() =>
      expect(within(card('Compared with 2023')).getByText('25.0%')).toBeInTheDocument(),
    );
    expect(within(card('Compared with 2023')).getByText('Up')).toBeInTheDocument();
    expect(
      within(card('Compared with 2023')).getByText('Against ₹40,000.00 in 2023'),
    ).toBeInTheDocument();

    expect(within(card('Highest category')).getByText('Rent')).toBeInTheDocument();
    expect(within(card('Highest category')).getByText('₹36,000.00')).toBeInTheDocument();
    // Three months with expenses: 50,000 / 3.
    expect(within(card('Average per month')).getByText('₹16,666.67')).toBeInTheDocument();
    expect(
      within(card('Average per month')).getByText('Over 3 months with expenses'),
    ).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'By category' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Rent₹36,000.0072%', 'Thread₹9,000.0018%', 'Transport₹5,000.0010%']);

    const monthly = screen.getByRole('table', { name: 'Month by month, 2024' });
    const monthRows = within(monthly).getAllByRole('row').slice(1);
    expect(monthRows).toHaveLength(12);
    expect(monthRows[0]?.textContent).toBe('Jan₹20,000.00');
    expect(monthRows[1]?.textContent).toBe('Feb₹0.00');
    expect(monthRows[10]?.textContent).toBe('Nov₹10,000.00');
    expect(requestedYears.sort()).toEqual(['2023', '2024']);
  });

  it('tolerates a failed previous year and counts it as 0', async () => {
    serveSummaries({ 2024: YEAR_2024, 2023: 'fail' });
    renderPage('/expense-analysis?year=2024');
    await waitFor(() =>
      expect(
        within(card('Compared with 2023')).getByText(
          'Figures for 2023 could not be loaded; counted as 0.',
        ),
      ).toBeInTheDocument(),
    );
    expect(within(card('Compared with 2023')).getByText('100.0%')).toBeInTheDocument();
    expect(within(card('Compared with 2023')).getByText('Up')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch expense summary')).not.toBeInTheDocument();
  });

  it("reports a failure of the chosen year's summary", async () => {
    serveSummaries({ 2024: 'fail', 2023: YEAR_2023 });
    renderPage('/expense-analysis?year=2024');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch expense summary')).toBeInTheDocument();
    // The toast says the same.
    expect(screen.getAllByText('Failed to fetch expense summary').length).toBeGreaterThanOrEqual(2);
  });

  it('shows None with 0, a down trend and the empty state for a year without expenses', async () => {
    serveSummaries({ 2024: summary(2024, [], {}), 2023: YEAR_2023 });
    renderPage('/expense-analysis?year=2024');
    expect(await screen.findByText('No expenses recorded in 2024')).toBeInTheDocument();
    expect(within(card('Highest category')).getByText('None')).toBeInTheDocument();
    expect(within(card('Highest category')).getByText('₹0.00')).toBeInTheDocument();
    expect(within(card('Average per month')).getByText('₹0.00')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card('Compared with 2023')).getByText('Down')).toBeInTheDocument(),
    );
    expect(within(card('Compared with 2023')).getByText('100.0%')).toBeInTheDocument();
  });

  it('defaults to the current year and moves to the previous one', async () => {
    const thisYear = new Date().getFullYear();
    serveSummaries({});
    const { user } = renderPage('/expense-analysis');
    expect(await screen.findByText(`No expenses recorded in ${thisYear}`)).toBeInTheDocument();
    expect(requestedYears).toEqual(
      expect.arrayContaining([String(thisYear), String(thisYear - 1)]),
    );
    expect(screen.getByRole('button', { name: 'Next year' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous year' }));
    expect(await screen.findByText(`No expenses recorded in ${thisYear - 1}`)).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe(
      `/expense-analysis?year=${thisYear - 1}`,
    );
    expect(requestedYears).toContain(String(thisYear - 2));
  });
});
