import { describe, expect, it } from 'vitest';
import { MONTH_NAMES, type ExpenseSummary } from '../../../contract/expenses.ts';
import {
  analyseExpenses,
  averageMonthly,
  categoryShares,
  compareYears,
  highestCategory,
  monthlyFigures,
} from './expense-analysis';

function summary(
  year: number,
  categories: [string, number][],
  months: Partial<Record<number, number>> = {},
): ExpenseSummary {
  const monthlySummary = MONTH_NAMES.map((month, index) => ({
    month,
    monthNumber: index + 1,
    total: months[index + 1] ?? 0,
  }));
  const yearlyTotal = categories.reduce((total, [, amount]) => total + amount, 0);
  return {
    year,
    yearlyTotal,
    categorySummary: categories.map(([_id, total]) => ({ _id, total })),
    monthlySummary,
  };
}

const emptyYear = (year: number) => summary(year, []);

describe('compareYears', () => {
  it('gives the percentage change to one decimal when both years are above 0', () => {
    expect(compareYears(1150, 1000)).toMatchObject({ percentage: 15, trend: 'up' });
    expect(compareYears(800, 1000)).toMatchObject({ percentage: 20, trend: 'down' });
    // 1/3 more: 33.333… -> 33.3
    expect(compareYears(400, 300)).toMatchObject({ percentage: 33.3, trend: 'up' });
    // 2/3 less: 66.666… -> 66.7
    expect(compareYears(100, 300)).toMatchObject({ percentage: 66.7, trend: 'down' });
    // Exactly half a tenth rounds up, whichever the direction.
    expect(compareYears(102.25, 100)).toMatchObject({ percentage: 2.3, trend: 'up' });
    expect(compareYears(97.75, 100)).toMatchObject({ percentage: 2.3, trend: 'down' });
  });

  it('is "same" with 0 when both years are equal and above 0', () => {
    expect(compareYears(5000, 5000)).toMatchObject({ percentage: 0, trend: 'same' });
  });

  it('is up 100 when only the current year has expenses', () => {
    expect(compareYears(2500, 0)).toMatchObject({ percentage: 100, trend: 'up' });
  });

  it('is down 100 when only the previous year had expenses', () => {
    expect(compareYears(0, 2500)).toMatchObject({ percentage: 100, trend: 'down' });
  });

  it('is the same with 0 when neither year has expenses', () => {
    expect(compareYears(0, 0)).toEqual({
      percentage: 0,
      trend: 'same',
      currentTotal: 0,
      previousTotal: 0,
    });
  });
});

describe('categoryShares', () => {
  it('rounds each share of the total to a whole number, keeping the server order', () => {
    const shares = categoryShares(
      summary(2025, [
        ['Rent', 30_000],
        ['Electricity', 3_250.5],
        ['Thread', 2_100],
      ]),
    );
    // 30000 / 35350.5 = 84.87% -> 85; 3250.5 -> 9.19% -> 9; 2100 -> 5.94% -> 6
    expect(shares).toEqual([
      { category: 'Rent', amount: 30_000, percentage: 85 },
      { category: 'Electricity', amount: 3_250.5, percentage: 9 },
      { category: 'Thread', amount: 2_100, percentage: 6 },
    ]);
  });

  it('rounds a half share up', () => {
    const shares = categoryShares(
      summary(2025, [
        ['A', 1],
        ['B', 199],
      ]),
    );
    expect(shares.map((s) => s.percentage)).toEqual([1, 100]);
    const halves = categoryShares(
      summary(2025, [
        ['A', 5],
        ['B', 195],
      ]),
    );
    // 2.5% -> 3, 97.5% -> 98
    expect(halves.map((s) => s.percentage)).toEqual([3, 98]);
  });

  it('gives 0 for every category when the total is 0', () => {
    const zero: ExpenseSummary = {
      ...emptyYear(2025),
      categorySummary: [{ _id: 'Rent', total: 0 }],
    };
    expect(categoryShares(zero)).toEqual([{ category: 'Rent', amount: 0, percentage: 0 }]);
    expect(categoryShares(emptyYear(2025))).toEqual([]);
  });
});

describe('highestCategory', () => {
  it('picks the category with the largest total', () => {
    expect(
      highestCategory(
        summary(2025, [
          ['Transport', 900],
          ['Rent', 18_000],
          ['Thread', 6_000],
        ]),
      ),
    ).toEqual({ category: 'Rent', amount: 18_000 });
  });

  it('keeps the first of equal totals', () => {
    expect(
      highestCategory(
        summary(2025, [
          ['Machine repair', 2100],
          ['Thread', 2100],
        ]),
      ),
    ).toEqual({
      category: 'Machine repair',
      amount: 2100,
    });
  });

  it('is None with 0 for an empty year', () => {
    expect(highestCategory(emptyYear(2025))).toEqual({ category: null, amount: 0 });
  });
});

describe('averageMonthly', () => {
  it('averages over the months whose total is above 0 only', () => {
    expect(averageMonthly(summary(2025, [['Rent', 3000]], { 1: 1000, 3: 500, 12: 1500 }))).toEqual({
      average: 1000,
      months: 3,
    });
  });

  it('gives the month itself for a single month', () => {
    expect(averageMonthly(summary(2025, [['Rent', 0.3]], { 7: 0.3 }))).toEqual({
      average: 0.3,
      months: 1,
    });
  });

  it('rounds to paise', () => {
    expect(averageMonthly(summary(2025, [], { 1: 100, 2: 100, 3: 100.01 })).average).toBe(100);
    expect(averageMonthly(summary(2025, [], { 1: 10, 2: 10, 3: 10.02 })).average).toBe(10.01);
    // 761.215: half a paisa goes up, as PostgreSQL's round does; added as floats it fell short.
    expect(averageMonthly(summary(2025, [], { 1: 237.57, 2: 1284.86 })).average).toBe(761.22);
  });

  it('is 0 for an empty year', () => {
    expect(averageMonthly(emptyYear(2025))).toEqual({ average: 0, months: 0 });
  });
});

describe('monthlyFigures', () => {
  it('cuts month names to three letters and keeps all twelve months', () => {
    const figures = monthlyFigures(summary(2025, [], { 2: 40, 9: 90 }));
    expect(figures.map((m) => m.month)).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(figures[1]).toEqual({ month: 'Feb', monthNumber: 2, total: 40 });
    expect(figures[8]?.total).toBe(90);
  });
});

describe('analyseExpenses', () => {
  it('puts the figures together against the previous year', () => {
    const current = summary(
      2025,
      [
        ['Rent', 39_000],
        ['Thread', 11_000],
      ],
      { 1: 25_000, 2: 25_000 },
    );
    const previous = summary(2024, [['Rent', 40_000]], { 1: 40_000 });
    const analysis = analyseExpenses(current, previous);
    expect(analysis).toMatchObject({
      year: 2025,
      yearlyTotal: 50_000,
      comparison: {
        percentage: 25,
        trend: 'up',
        currentTotal: 50_000,
        previousTotal: 40_000,
        previousAvailable: true,
      },
      categories: [
        { category: 'Rent', amount: 39_000, percentage: 78 },
        { category: 'Thread', amount: 11_000, percentage: 22 },
      ],
      highestCategory: { category: 'Rent', amount: 39_000 },
      averageMonthly: 25_000,
      activeMonths: 2,
    });
    expect(analysis.monthly).toHaveLength(12);
  });

  it('counts a previous year that could not be loaded as 0', () => {
    const analysis = analyseExpenses(summary(2025, [['Rent', 100]], { 4: 100 }), null);
    expect(analysis.comparison).toEqual({
      percentage: 100,
      trend: 'up',
      currentTotal: 100,
      previousTotal: 0,
      previousAvailable: false,
    });
  });

  it('handles an empty year after an empty or missing one', () => {
    for (const previous of [emptyYear(2024), null]) {
      const analysis = analyseExpenses(emptyYear(2025), previous);
      expect(analysis).toMatchObject({
        yearlyTotal: 0,
        comparison: { percentage: 0, trend: 'same' },
        categories: [],
        highestCategory: { category: null, amount: 0 },
        averageMonthly: 0,
        activeMonths: 0,
      });
      expect(analysis.monthly.every((m) => m.total === 0)).toBe(true);
    }
  });

  it('shows a year without expenses as down 100 against a year with them', () => {
    const analysis = analyseExpenses(emptyYear(2025), summary(2024, [['Rent', 10]], { 1: 10 }));
    expect(analysis.comparison).toMatchObject({ percentage: 100, trend: 'down' });
  });
});
