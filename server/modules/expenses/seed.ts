import type { ExpensePaymentMethod } from '../../../contract/expenses.ts';
import { expenses } from './schema.ts';
import { demoRecordStamp, type DemoSeeder } from '../../db/demo-seeder.ts';

/** Category, amount, day of the month, description and how it was paid. */
type DemoExpense = [
  category: string,
  amount: number,
  day: number,
  description: string | null,
  paymentMethod: ExpensePaymentMethod | null,
];

/** Deterministic 0..spread-1 wobble so figures look lived-in yet every seed is identical. */
const wobble = (month: number, year: number, salt: number, spread: number) =>
  (month * 37 + year * 13 + salt * 101) % spread;

/** Electricity follows the Gujarat summer: fans and coolers run from April to June. */
const ELECTRICITY_BASE = [3100, 2900, 3300, 4200, 4800, 4500, 3600, 3400, 3500, 3300, 3000, 3050];

function monthExpenses(year: number, month: number, yearsAgo: number): DemoExpense[] {
  /** `base` plus the month's wobble of up to `spread - 1` steps. */
  const vary = (base: number, salt: number, spread: number, step: number) =>
    base + wobble(month, year, salt, spread) * step;
  const rent = yearsAgo === 0 ? 19_500 : 18_000;
  const electricity = vary(ELECTRICITY_BASE[month - 1] ?? 3000, 1, 9, 35) + 0.5;
  const items: DemoExpense[] = [
    ['Rent', rent, 5, 'Workshop rent, Udhna Magdalla Road', 'bank_transfer'],
    ['Electricity', electricity, 12, 'DGVCL bill', 'upi'],
    ['Thread and zari', vary(6_500, 2, 11, 420), 3, 'Polyester and viscose thread cones', 'cheque'],
    ['Thread and zari', vary(3_200, 3, 7, 310.25), 18, 'Golden zari spools', 'bank_transfer'],
    ['Transport', vary(450, 4, 6, 90), 9, 'Tempo to the textile market', 'cash'],
    ['Transport', vary(380, 5, 5, 75), 24, 'Parcel to Mumbai by transport', 'cash'],
    ['Tea and snacks', vary(720, 6, 5, 40), 28, null, 'cash'],
    ['Phone and internet', 999, 7, 'Broadband and two mobile plans', 'upi'],
  ];
  if ((month + yearsAgo) % 3 === 0) {
    items.push([
      'Machine repair',
      vary(2_800, 7, 8, 650),
      15,
      'Embroidery machine head servicing and bobbin case',
      'upi',
    ]);
  }
  if (month % 2 === 1) {
    const parts = vary(1_150, 8, 6, 120);
    items.push(['Needles and spare parts', parts, 21, 'Organ needles and presser feet', 'cash']);
  }
  if (month === 10) {
    items.push(['Festival expenses', 8_500, 20, 'Diwali sweets and workshop decoration', 'cash']);
  }
  if (month === 3) {
    items.push(['Accountant fees', 6000, 25, 'Year-end accounts and GST returns', 'bank_transfer']);
  }
  return items;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Expenses for every month of last year and this year up to today, so the analysis page opens
 * with a real comparison.
 */
export const seedExpenses: DemoSeeder = async (db, { tenant, now }) => {
  const currentYear = now.getUTCFullYear();
  const today = `${currentYear}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}`;
  const rows = [];
  for (const yearsAgo of [1, 0]) {
    const year = currentYear - yearsAgo;
    for (let month = 1; month <= 12; month += 1) {
      for (const item of monthExpenses(year, month, yearsAgo)) {
        const [category, amount, day, description, paymentMethod] = item;
        const expenseDate = `${year}-${pad(month)}-${pad(day)}`;
        if (expenseDate > today) continue;
        const createdAt = new Date(`${expenseDate}T10:30:00.000Z`);
        rows.push({
          ...demoRecordStamp(tenant, createdAt),
          category,
          amount: Math.round(amount * 100) / 100,
          expenseDate,
          description,
          paymentMethod,
        });
      }
    }
  }
  if (rows.length > 0) await db.insert(expenses).values(rows);
};
