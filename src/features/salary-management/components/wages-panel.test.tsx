import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi, afterEach } from 'vitest';
import { ok } from '@/test/msw/envelope';
import { FLOOR_WORKERS, makeWageRow, wagesOf } from '@/test/msw/production';
import { testId } from '@/test/msw/resource-fake';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, TEST_USER_ID } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import SalaryCreatePage from '../pages/salary-create-page';
import { WagesPanel } from './wages-panel';

const server = setupMswServer();
const [ramesh, sunita] = FLOOR_WORKERS as [(typeof FLOOR_WORKERS)[0], (typeof FLOOR_WORKERS)[0]];

let wageQueries: URLSearchParams[];
let salaryPosts: Record<string, unknown>[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T10:00:00'));
  signInTestUser();
  wageQueries = [];
  salaryPosts = [];
  server.use(
    http.get('*/api/workers/all', () => ok({ data: FLOOR_WORKERS })),
    http.get('*/api/worker-wages', ({ request }) => {
      const search = new URL(request.url).searchParams;
      wageQueries.push(search);
      const month = search.get('month') ?? '';
      return ok(
        wagesOf(month, [
          makeWageRow(ramesh, {
            piecesDone: 500,
            pieceEarnings: 1250,
            earned: 1250,
            paid: { salary: 200, advance: 300, bonus: 100, overtime: 0 },
            advancesRecovered: 300,
            balanceDue: 750,
          }),
          makeWageRow(sunita, {
            basePay: 12000,
            earned: 12000,
            paid: { salary: 12000, advance: 0, bonus: 0, overtime: 0 },
            balanceDue: 0,
          }),
        ]),
      );
    }),
    http.post('*/api/worker-salaries', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      salaryPosts.push(body);
      return ok(
        {
          ...body,
          _id: testId(990),
          organizationId: 'org',
          version: 1,
          worker: { _id: ramesh._id, name: ramesh.name },
          notes: null,
          createdBy: TEST_USER_ID,
          updatedBy: null,
          createdAt: '2026-11-24T10:00:00.000Z',
          updatedAt: '2026-11-24T10:00:00.000Z',
        },
        'Created',
        201,
      );
    }),
  );
});

afterEach(() => vi.useRealTimers());

function renderPanel(onMonthChange = vi.fn()) {
  return renderWithProviders(<WagesPanel year={2026} month={11} onMonthChange={onMonthChange} />, {
    path: '/salary-management',
    route: '/salary-management',
    routes: [{ path: '/salary-management/create', element: <SalaryCreatePage /> }],
  });
}

describe('wages in the salary area', { timeout: 20_000 }, () => {
  it("shows each worker's month as earned, paid against it, and due", async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Wages by worker' });
    expect(wageQueries[0]?.get('month')).toBe('2026-11');
    const rameshRow = within(table).getByTestId(`wages-${ramesh._id}`);
    const cells = within(rameshRow)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Earned ₹1,250; paid = salary ₹200 + advance ₹300; due ₹750. The bonus is on top.
    expect(cells.slice(1, 5)).toEqual(['500', '₹1,250.00', '₹500.00', '₹750.00']);
    expect(
      within(rameshRow).getByText(/Bonus and overtime paid on top: ₹100.00/),
    ).toBeInTheDocument();
    const sunitaRow = within(table).getByTestId(`wages-${sunita._id}`);
    expect(within(sunitaRow).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('steps to the previous month', async () => {
    const onMonthChange = vi.fn();
    const { user } = renderPanel(onMonthChange);
    await screen.findByRole('table', { name: 'Wages by worker' });
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(onMonthChange).toHaveBeenCalledWith(2026, 10);
  });

  it('pays the balance through the normal salary form, prefilled', async () => {
    const { user } = renderPanel();
    await user.click(
      await screen.findByRole('link', { name: 'Pay the balance: Ramesh Vaghela, ₹750.00' }),
    );
    const form = await screen.findByRole('form', { name: 'Record payment' });
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Worker' })).toHaveValue('Ramesh Vaghela'),
    );
    expect(within(form).getByRole('textbox', { name: 'Amount' })).toHaveValue('750');
    expect(within(form).getByRole('combobox', { name: 'Month' })).toHaveValue('November');
    expect(
      screen.getByText("The amount is this month's balance due; change it if you pay less."),
    ).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(salaryPosts).toHaveLength(1));
    expect(salaryPosts[0]).toMatchObject({
      workerId: ramesh._id,
      paymentType: 'salary',
      month: 11,
      year: 2026,
      amount: 750,
    });
  });
});
