import type { ExpenseSummary } from '../../../contract/expenses.ts';
import { fromPaise, toPaise } from '../../../contract/money.ts';

export type Trend = 'up' | 'down' | 'same';

export interface YearComparison {
  /** Size of the change against the previous year, in percent, one decimal, never negative. */
  percentage: number;
  trend: Trend;
  currentTotal: number;
  previousTotal: number;
  /** False when the previous year's summary could not be loaded; it then counts as 0. */
  previousAvailable: boolean;
}

export interface CategoryShare {
  category: string;
  amount: number;
  /** Whole-number share of the year's total; 0 when the total is 0. */
  percentage: number;
}

export interface HighestCategory {
  /** `null` is the spec's "None": a year without expenses. */
  category: string | null;
  amount: number;
}

export interface MonthFigure {
  /** The month name cut to three letters, e.g. `Jan`. */
  month: string;
  monthNumber: number;
  total: number;
}

export interface ExpenseAnalysis {
  year: number;
  yearlyTotal: number;
  comparison: YearComparison;
  categories: CategoryShare[];
  highestCategory: HighestCategory;
  /** Average over the months whose total is above 0; 0 when there are none. */
  averageMonthly: number;
  /** How many months the average is taken over. */
  activeMonths: number;
  monthly: MonthFigure[];
}

const roundTo = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  // Rounds half away from zero on the magnitude, so 2.25 and -2.25 round alike.
  return (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON)) / factor;
};

/** The year-on-year rule of the spec, exactly: both above 0, one side 0, or neither. */
export function compareYears(
  currentTotal: number,
  previousTotal: number,
): Omit<YearComparison, 'previousAvailable'> {
  const base = { currentTotal, previousTotal };
  if (currentTotal > 0 && previousTotal > 0) {
    const change = ((currentTotal - previousTotal) / previousTotal) * 100;
    const trend: Trend =
      currentTotal > previousTotal ? 'up' : currentTotal < previousTotal ? 'down' : 'same';
    return { ...base, percentage: roundTo(Math.abs(change), 1), trend };
  }
  if (previousTotal === 0 && currentTotal > 0) return { ...base, percentage: 100, trend: 'up' };
  if (currentTotal === 0 && previousTotal > 0) return { ...base, percentage: 100, trend: 'down' };
  return { ...base, percentage: 0, trend: 'same' };
}

export function categoryShares(summary: ExpenseSummary): CategoryShare[] {
  const total = summary.yearlyTotal;
  return summary.categorySummary.map((entry) => ({
    category: entry._id,
    amount: entry.total,
    percentage: total > 0 ? Math.round((entry.total / total) * 100) : 0,
  }));
}

export function highestCategory(summary: ExpenseSummary): HighestCategory {
  let highest: HighestCategory = { category: null, amount: 0 };
  for (const entry of summary.categorySummary) {
    if (entry.total > highest.amount) highest = { category: entry._id, amount: entry.total };
  }
  return highest;
}

export function averageMonthly(summary: ExpenseSummary): { average: number; months: number } {
  const active = summary.monthlySummary.filter((month) => month.total > 0);
  if (active.length === 0) return { average: 0, months: 0 };
  const paise = active.reduce((total, month) => total + toPaise(month.total), 0);
  return { average: fromPaise(Math.round(paise / active.length)), months: active.length };
}

export function monthlyFigures(summary: ExpenseSummary): MonthFigure[] {
  return summary.monthlySummary.map((entry) => ({
    month: entry.month.slice(0, 3),
    monthNumber: entry.monthNumber,
    total: entry.total,
  }));
}

/**
 * Everything the analysis page shows, derived from the chosen year's summary and the previous
 * year's (`null` when that fetch failed, which the page tolerates).
 */
export function analyseExpenses(
  current: ExpenseSummary,
  previous: ExpenseSummary | null,
): ExpenseAnalysis {
  const { average, months } = averageMonthly(current);
  return {
    year: current.year,
    yearlyTotal: current.yearlyTotal,
    comparison: {
      ...compareYears(current.yearlyTotal, previous?.yearlyTotal ?? 0),
      previousAvailable: previous !== null,
    },
    categories: categoryShares(current),
    highestCategory: highestCategory(current),
    averageMonthly: average,
    activeMonths: months,
    monthly: monthlyFigures(current),
  };
}
