import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope, paged } from '../../../contract/common.ts';
import {
  MONTH_NAMES,
  expense,
  expenseCategories,
  expenseSummary,
} from '../../../contract/expenses.ts';
import { expenses } from './schema.ts';
import type { TestBody, TestApp, TestUser } from '../../test/test-app.ts';
import { createdRecord } from '../../test/created-record.ts';
import { withOwnerAndStranger } from '../../test/app-per-file.ts';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

const pagedExpenses = envelope(paged(expense));

async function createExpense(user: TestUser, payload: Record<string, unknown>) {
  return createdRecord(t, user, '/api/expenses', expense, payload);
}

async function get(user: TestUser, url: string) {
  return t.app.inject({ method: 'GET', url, headers: user.bearer });
}

async function summary(user: TestUser, year: number) {
  const response = await get(user, `/api/expenses/summary/monthly?year=${year}`);
  expect(response.statusCode, response.body).toBe(200);
  return envelope(expenseSummary).parse(response.json<TestBody>());
}

const zeroMonths = MONTH_NAMES.map((month, index) => ({ month, monthNumber: index + 1, total: 0 }));

withOwnerAndStranger((session) => ({ t, owner, stranger } = session));

describe('create and validate', () => {
  it('creates an expense with a trimmed category, null blanks and the session organization', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: owner.bearer,
      payload: {
        category: '  Machine repair ',
        amount: 1850.5,
        expenseDate: '2025-02-14',
        description: '',
        paymentMethod: 'upi',
        organizationId: owner.auth.organization._id,
        _id: 'ignored',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = envelope(expense).parse(response.json<TestBody>());
    expect(body.message).toBe('Expense created successfully');
    expect(body.data).toMatchObject({
      category: 'Machine repair',
      amount: 1850.5,
      expenseDate: '2025-02-14',
      description: null,
      paymentMethod: 'upi',
      organizationId: owner.auth.organization._id,
    });
  });

  it('rejects bad amounts, dates, categories, payment methods and unknown keys with field paths', async () => {
    const valid = { category: 'Rent', amount: 100, expenseDate: '2025-01-01' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, amount: 0 }, 'amount', 'Must be greater than 0'],
      [{ ...valid, amount: -5 }, 'amount', 'Must be greater than 0'],
      [{ ...valid, amount: 10.123 }, 'amount', 'Use at most two decimal places'],
      [{ ...valid, amount: '100' }, 'amount', 'Must be a number'],
      [{ ...valid, amount: 1_000_000_000_000 }, 'amount', 'Must be at most 999999999999.99'],
      [{ ...valid, expenseDate: '2025-13-45' }, 'expenseDate', 'Enter a real date as yyyy-MM-dd'],
      [{ ...valid, expenseDate: '2025-02-30' }, 'expenseDate', 'Enter a real date as yyyy-MM-dd'],
      [{ ...valid, category: '   ' }, 'category', 'This field is required'],
      [{ ...valid, category: 'x'.repeat(61) }, 'category', 'Must be at most 60 characters'],
      [
        { ...valid, paymentMethod: 'barter' },
        'paymentMethod',
        'Must be one of: cash, bank_transfer, upi, cheque',
      ],
      [{ ...valid, colour: 'red' }, 'colour', 'Unknown field: colour'],
      [{ amount: 100, expenseDate: '2025-01-01' }, 'category', 'This field is required'],
    ];
    for (const [payload, path, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: owner.bearer,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<TestBody>().errors, JSON.stringify(payload)).toMatchObject([
        { path, message },
      ]);
    }
  });
});

describe('organization isolation', () => {
  it("keeps another organization's expenses, categories and totals out of reach", async () => {
    const secret = await createExpense(stranger, {
      category: 'Stranger Secret Category',
      amount: 99_999,
      expenseDate: '2019-06-15',
    });
    expect((await get(owner, `/api/expenses/${secret._id}`)).statusCode).toBe(404);
    const put = await t.send(owner, 'PUT', `/api/expenses/${secret._id}`, {
      amount: 1,
      version: secret.version,
    });
    expect(put.statusCode).toBe(404);
    const del = await t.send(owner, 'DELETE', `/api/expenses/${secret._id}`);
    expect(del.statusCode).toBe(404);

    const listed = pagedExpenses.parse(
      (await get(owner, '/api/expenses?limit=100')).json<TestBody>(),
    );
    expect(listed.data.data.map((e) => e._id)).not.toContain(secret._id);
    const categories = envelope(expenseCategories).parse(
      (await get(owner, '/api/expenses/categories')).json<TestBody>(),
    );
    expect(categories.data.data).not.toContain('Stranger Secret Category');
    const mine = await summary(owner, 2019);
    expect(mine.data).toEqual({
      year: 2019,
      yearlyTotal: 0,
      categorySummary: [],
      monthlySummary: zeroMonths,
    });
    const theirs = await summary(stranger, 2019);
    expect(theirs.data.yearlyTotal).toBe(99_999);

    const [row] = await t.database.handle.db
      .select()
      .from(expenses)
      .where(eq(expenses.id, secret._id));
    expect(row?.amount).toBe(99_999);
  });
});

describe('list', () => {
  let lister: TestUser;

  beforeAll(async () => {
    lister = await t.registerUser();
    for (const payload of [
      { category: 'Rent', amount: 15_000, expenseDate: '2025-01-05' },
      { category: 'Thread_Zari', amount: 2_400.5, expenseDate: '2025-01-18' },
      { category: 'thread 100%', amount: 800, expenseDate: '2025-02-02' },
      { category: 'Electricity', amount: 3_250, expenseDate: '2025-02-02' },
      { category: 'Transport', amount: 450, expenseDate: '2025-03-20' },
    ]) {
      await createExpense(lister, payload);
    }
  });

  const categoriesOf = async (query: string) => {
    const response = await get(lister, `/api/expenses${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return pagedExpenses.parse(response.json<TestBody>()).data.data.map((e) => e.category);
  };

  it('filters by category substring, exact day and date range', async () => {
    expect((await categoriesOf('?category=THREAD')).sort()).toEqual(['Thread_Zari', 'thread 100%']);
    expect(await categoriesOf('?category=d_Z')).toEqual(['Thread_Zari']);
    expect(await categoriesOf(`?category=${encodeURIComponent('0%')}`)).toEqual(['thread 100%']);
    expect((await categoriesOf('?expenseDate=2025-02-02')).sort()).toEqual([
      'Electricity',
      'thread 100%',
    ]);
    expect((await categoriesOf('?startDate=2025-01-18&endDate=2025-02-02')).sort()).toEqual([
      'Electricity',
      'Thread_Zari',
      'thread 100%',
    ]);
    expect((await categoriesOf('?startDate=2025-02-03')).sort()).toEqual(['Transport']);
    expect((await categoriesOf('?category=&expenseDate=')).length).toBe(5);
  });

  it('sorts by amount, date and category (case-insensitive)', async () => {
    expect(await categoriesOf('?sort=amount')).toEqual([
      'Transport',
      'thread 100%',
      'Thread_Zari',
      'Electricity',
      'Rent',
    ]);
    expect((await categoriesOf('?sort=-expenseDate'))[0]).toBe('Transport');
    expect((await categoriesOf('?sort=expenseDate'))[0]).toBe('Rent');
    expect(await categoriesOf('?sort=category')).toEqual([
      'Electricity',
      'Rent',
      'thread 100%',
      'Thread_Zari',
      'Transport',
    ]);
  });

  it('rejects a reversed range, bad dates, unknown filters and sort fields with 400', async () => {
    for (const [query, path] of [
      ['?startDate=2025-03-01&endDate=2025-02-01', 'startDate'],
      ['?expenseDate=2025-02-31', 'expenseDate'],
      ['?sort=description', 'sort'],
      ['?minAmount=5', 'minAmount'],
    ] as const) {
      const response = await get(lister, `/api/expenses${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<TestBody>().errors[0]?.path, query).toBe(path);
    }
  });

  it('lists distinct categories alphabetically, keeping differently written names apart', async () => {
    await createExpense(lister, { category: 'Rent', amount: 15_000, expenseDate: '2025-02-05' });
    await createExpense(lister, { category: 'rent', amount: 10, expenseDate: '2025-02-06' });
    const body = envelope(expenseCategories).parse(
      (await get(lister, '/api/expenses/categories')).json<TestBody>(),
    );
    expect(body.data.data).toEqual([
      'Electricity',
      'Rent',
      'rent',
      'thread 100%',
      'Thread_Zari',
      'Transport',
    ]);
  });
});

describe('monthly summary', () => {
  let books: TestUser;

  beforeAll(async () => {
    books = await t.registerUser();
    for (const payload of [
      { category: 'Rent', amount: 15_000, expenseDate: '2024-01-05' },
      { category: 'Electricity', amount: 3_250.5, expenseDate: '2024-01-20' },
      { category: 'Tea', amount: 0.1, expenseDate: '2024-02-01' },
      { category: 'Tea', amount: 0.2, expenseDate: '2024-02-29' },
      { category: 'Rent', amount: 15_000, expenseDate: '2024-03-01' },
      { category: 'Thread', amount: 1_200.25, expenseDate: '2024-03-31' },
      { category: 'Thread', amount: 899.75, expenseDate: '2024-12-31' },
      { category: 'Machine repair', amount: 2_100, expenseDate: '2024-07-10' },
      // Just outside the year on both sides.
      { category: 'Rent', amount: 14_000, expenseDate: '2023-12-31' },
      { category: 'Rent', amount: 16_000, expenseDate: '2025-01-01' },
    ]) {
      await createExpense(books, payload);
    }
  });

  it('matches the hand-computed totals: twelve months, categories largest first', async () => {
    const body = await summary(books, 2024);
    expect(body.message).toBe('Expense summary fetched successfully');
    const months = zeroMonths.map((entry) => ({ ...entry }));
    months[0]!.total = 18_250.5;
    months[1]!.total = 0.3;
    months[2]!.total = 16_200.25;
    months[6]!.total = 2_100;
    months[11]!.total = 899.75;
    expect(body.data).toEqual({
      year: 2024,
      yearlyTotal: 37_450.8,
      categorySummary: [
        { _id: 'Rent', total: 30_000 },
        { _id: 'Electricity', total: 3_250.5 },
        // Equal totals fall back to the name so the order is stable.
        { _id: 'Machine repair', total: 2_100 },
        { _id: 'Thread', total: 2_100 },
        { _id: 'Tea', total: 0.3 },
      ],
      monthlySummary: months,
    });
  });

  it('reports the neighbouring years on their own', async () => {
    const previous = await summary(books, 2023);
    expect(previous.data.yearlyTotal).toBe(14_000);
    expect(previous.data.categorySummary).toEqual([{ _id: 'Rent', total: 14_000 }]);
    expect(previous.data.monthlySummary[11]).toEqual({
      month: 'December',
      monthNumber: 12,
      total: 14_000,
    });
    const next = await summary(books, 2025);
    expect(next.data.monthlySummary[0]?.total).toBe(16_000);
    expect(next.data.monthlySummary.slice(1).every((m) => m.total === 0)).toBe(true);
  });

  it('gives an empty year all twelve months at zero', async () => {
    const body = await summary(books, 2030);
    expect(body.data).toEqual({
      year: 2030,
      yearlyTotal: 0,
      categorySummary: [],
      monthlySummary: zeroMonths,
    });
  });

  it('requires a four-digit year and nothing else', async () => {
    for (const [query, path] of [
      ['', 'year'],
      ['?year=', 'year'],
      ['?year=abc', 'year'],
      ['?year=24', 'year'],
      ['?year=2024&category=Rent', 'category'],
    ] as const) {
      const response = await get(books, `/api/expenses/summary/monthly${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<TestBody>().errors[0]?.path, query).toBe(path);
    }
  });

  it('requires a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/expenses/summary/monthly?year=2024',
    });
    expect(response.statusCode).toBe(401);
  });
});
