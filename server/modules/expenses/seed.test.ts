import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, paged } from '../../../contract/common.ts';
import { expense, expenseSummary } from '../../../contract/expenses.ts';
import { createTenantContext } from '../../lib/tenant.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { seedExpenses } from './seed.ts';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.registerUser();
  const tenant = createTenantContext(user.auth.organization._id, user.auth.user._id);
  await seedExpenses(t.database.handle.db, { tenant, now: new Date('2025-08-15T09:00:00Z') });
});
afterAll(() => t.close());

async function summary(year: number) {
  const response = await t.send(user, 'GET', `/api/expenses/summary/monthly?year=${year}`);
  return envelope(expenseSummary).parse(response.json()).data;
}

describe('expense demo data', () => {
  it('fills all of last year and this year up to today, never the future', async () => {
    const lastYear = await summary(2024);
    expect(lastYear.monthlySummary.every((m) => m.total > 0)).toBe(true);
    expect(lastYear.categorySummary.length).toBeGreaterThanOrEqual(8);
    expect(lastYear.categorySummary[0]?._id).toBe('Rent');

    const thisYear = await summary(2025);
    const totals = thisYear.monthlySummary.map((m) => m.total);
    expect(totals.slice(0, 8).every((total) => total > 0)).toBe(true);
    expect(totals.slice(8)).toEqual([0, 0, 0, 0]);
    expect(thisYear.yearlyTotal).toBeGreaterThan(0);
    expect(thisYear.yearlyTotal).toBeLessThan(lastYear.yearlyTotal);
    expect((await summary(2023)).yearlyTotal).toBe(0);

    const newest = await t.send(user, 'GET', '/api/expenses?sort=-expenseDate&limit=1');
    const [latest] = envelope(paged(expense)).parse(newest.json()).data.data;
    expect(latest && latest.expenseDate <= '2025-08-15').toBe(true);
  });
});
