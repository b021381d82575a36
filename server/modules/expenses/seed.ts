import type { ExpensePaymentMethod } from '../../../contract/expenses.ts';
import { expenses } from './schema.ts';
import { demoRecordStamp, type DemoSeeder } from '../../db/demo-seeder.ts';

interface DemoExpense {
  category: string;
  amount: number;
  day: number;
  description: string | null;
  paymentMethod: ExpensePaymentMethod | null;
}

/** Deterministic 0..spread-1 wobble so figures look lived-in yet every seed is identical. */
const wobble = (month: number, year: number, salt: number, spread: number) =>
  (month * 37 + year * 13 + salt * 101) % spread;

/** Electricity follows the Gujarat summer: fans and coolers run from April to June. */
const ELECTRICITY_BASE = [3100, 2900, 3300, 4200, 4800, 4500, 3600, 3400, 3500, 3300, 3000, 3050];

function monthExpenses(year: number, month: number, yearsAgo: number): DemoExpense[] {
  const rent = yearsAgo === 0 ? 19_500 : 18_000;
  const items: DemoExpense[] = [
    {
      category: 'Rent',
      amount: rent,
      day: 5,
      description: 'Workshop rent, Udhna Magdalla Road',
      paymentMethod: 'bank_transfer',
    },
    {
      category: 'Electricity',
      amount: (ELECTRICITY_BASE[month - 1] ?? 3000) + wobble(month, year, 1, 9) * 35 + 0.5,
      day: 12,
      description: 'DGVCL bill',
      paymentMethod: 'upi',
    },
    {
      category: 'Thread and zari',
      amount: 6_500 + wobble(month, year, 2, 11) * 420,
      day: 3,
      description: 'Polyester and viscose thread cones',
      paymentMethod: 'cheque',
    },
    {
      category: 'Thread and zari',
      amount: 3_200 + wobble(month, year, 3, 7) * 310.25,
      day: 18,
      description: 'Golden zari spools',
      paymentMethod: 'bank_transfer',
    },
    {
      category: 'Transport',
      amount: 450 + wobble(month, year, 4, 6) * 90,
      day: 9,
      description: 'Tempo to the textile market',
      paymentMethod: 'cash',
    },
    {
      category: 'Transport',
      amount: 380 + wobble(month, year, 5, 5) * 75,
      day: 24,
      description: 'Parcel to Mumbai by transport',
      paymentMethod: 'cash',
    },
    {
      category: 'Tea and snacks',
      amount: 720 + wobble(month, year, 6, 5) * 40,
      day: 28,
      description: null,
      paymentMethod: 'cash',
    },
    {
      category: 'Phone and internet',
      amount: 999,
      day: 7,
      description: 'Broadband and two mobile plans',
      paymentMethod: 'upi',
    },
  ];
  if ((month + yearsAgo) % 3 === 0) {
    items.push({
      category: 'Machine repair',
      amount: 2_800 + wobble(month, year, 7, 8) * 650,
      day: 15,
      description: 'Embroidery machine head servicing and bobbin case',
      paymentMethod: 'upi',
    });
  }
  if (month % 2 === 1) {
    items.push({
      category: 'Needles and spare parts',
      amount: 1_150 + wobble(month, year, 8, 6) * 120,
      day: 21,
      description: 'Organ needles and presser feet',
      paymentMethod: 'cash',
    });
  }
  if (month === 10) {
    items.push({
      category: 'Festival expenses',
      amount: 8_500,
      day: 20,
      description: 'Diwali sweets and workshop decoration',
      paymentMethod: 'cash',
    });
  }
  if (month === 3) {
    items.push({
      category: 'Accountant fees',
      amount: 6_000,
      day: 25,
      description: 'Year-end accounts and GST returns',
      paymentMethod: 'bank_transfer',
    });
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
        const expenseDate = `${year}-${pad(month)}-${pad(item.day)}`;
        if (expenseDate > today) continue;
        const createdAt = new Date(`${expenseDate}T10:30:00.000Z`);
        rows.push({
          ...demoRecordStamp(tenant, createdAt),
          category: item.category,
          amount: Math.round(item.amount * 100) / 100,
          expenseDate,
          description: item.description,
          paymentMethod: item.paymentMethod,
        });
      }
    }
  }
  if (rows.length > 0) await db.insert(expenses).values(rows);
};
