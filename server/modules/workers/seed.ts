import type { PaymentMethod, PaymentType } from '../../../contract/worker-salaries.ts';
import type { SalaryType } from '../../../contract/workers.ts';
import { demoRecordStamp, type DemoSeeder } from '../../db/demo-seeder.ts';
import { workerSalaries } from '../worker-salaries/schema.ts';
import { workers } from './schema.ts';

interface DemoWorker {
  name: string;
  phone: string;
  designation: string;
  address: string;
  salaryType: SalaryType;
  /**
   * The stored amount: the month's pay for monthly workers, the day's for daily workers, the rate
   * per piece for piece-rate workers (what production wages multiply).
   */
  baseSalary: number;
  /** What a month's work usually comes to, for the demo salary ledger. */
  monthlyPay: number;
  /** Months before the seed date the worker joined; salaries start the month after. */
  joinedMonthsAgo: number;
  /** Months before the seed date the worker left (inactive), if they did. */
  leftMonthsAgo?: number;
  method: PaymentMethod;
}

const DEMO_WORKERS: DemoWorker[] = [
  {
    name: 'Ramesh Vasava',
    phone: '+91 98250 41230',
    designation: 'Embroidery master',
    address: 'Varachha Road, Surat',
    salaryType: 'monthly',
    baseSalary: 24000,
    monthlyPay: 24000,
    joinedMonthsAgo: 70,
    method: 'bank_transfer',
  },
  {
    name: 'Sita Rathod',
    phone: '+91 97129 52341',
    designation: 'Aari karigar',
    address: 'Katargam, Surat',
    salaryType: 'monthly',
    baseSalary: 16500,
    monthlyPay: 16500,
    joinedMonthsAgo: 52,
    method: 'upi',
  },
  {
    name: 'Mahesh Prajapati',
    phone: '+91 99790 63452',
    designation: 'Machine operator',
    address: 'Udhna, Surat',
    salaryType: 'monthly',
    baseSalary: 18000,
    monthlyPay: 18000,
    joinedMonthsAgo: 40,
    method: 'bank_transfer',
  },
  {
    name: 'Farida Shaikh',
    phone: '+91 98984 74563',
    designation: 'Zari karigar',
    address: 'Rander Road, Surat',
    salaryType: 'monthly',
    baseSalary: 15500,
    monthlyPay: 15500,
    joinedMonthsAgo: 36,
    method: 'upi',
  },
  {
    name: 'Jignesh Chauhan',
    phone: '+91 90990 85674',
    designation: 'Cutting master',
    address: 'Adajan, Surat',
    salaryType: 'monthly',
    baseSalary: 20000,
    monthlyPay: 20000,
    joinedMonthsAgo: 30,
    method: 'cheque',
  },
  {
    name: 'Kavita Parmar',
    phone: '+91 97252 96785',
    designation: 'Hand embroidery',
    address: 'Limbayat, Surat',
    salaryType: 'piece_rate',
    baseSalary: 8,
    monthlyPay: 12000,
    joinedMonthsAgo: 28,
    method: 'cash',
  },
  {
    name: 'Sanjay Yadav',
    phone: '+91 96380 17896',
    designation: 'Machine operator',
    address: 'Pandesara GIDC, Surat',
    salaryType: 'monthly',
    baseSalary: 17000,
    monthlyPay: 17000,
    joinedMonthsAgo: 22,
    method: 'upi',
  },
  {
    name: 'Hetal Solanki',
    phone: '+91 95120 28907',
    designation: 'Quality checker',
    address: 'Pal, Surat',
    salaryType: 'monthly',
    baseSalary: 14000,
    monthlyPay: 14000,
    joinedMonthsAgo: 18,
    method: 'bank_transfer',
  },
  {
    name: 'Imran Ansari',
    phone: '+91 93270 39018',
    designation: 'Thread cutting and finishing',
    address: 'Lal Darwaja, Surat',
    salaryType: 'daily',
    baseSalary: 450,
    monthlyPay: 11700,
    joinedMonthsAgo: 27,
    leftMonthsAgo: 7,
    method: 'cash',
  },
  {
    name: 'Geeta Vaghela',
    phone: '+91 94290 40129',
    designation: 'Packing',
    address: 'Bhatar, Surat',
    salaryType: 'daily',
    baseSalary: 400,
    monthlyPay: 10400,
    joinedMonthsAgo: 14,
    method: 'cash',
  },
  {
    name: 'Prakash Bhil',
    phone: '+91 98795 51230',
    designation: 'Helper',
    address: 'Sachin, Surat',
    salaryType: 'daily',
    baseSalary: 380,
    monthlyPay: 9880,
    joinedMonthsAgo: 26,
    leftMonthsAgo: 13,
    method: 'cash',
  },
  {
    name: 'Nilesh Mistry',
    phone: '+91 99250 62341',
    designation: 'Designer',
    address: 'Ghod Dod Road, Surat',
    salaryType: 'monthly',
    baseSalary: 28000,
    monthlyPay: 28000,
    joinedMonthsAgo: 9,
    method: 'bank_transfer',
  },
];

const LEDGER_MONTHS = 24;

/** First day of the month `monthsAgo` before `now`, as UTC year and 1-based month. */
function monthsBefore(now: Date, monthsAgo: number): { year: number; month: number } {
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth() - monthsAgo;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const pad = (value: number) => String(value).padStart(2, '0');
const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The month after a pay period; wages for a month are paid early in the next one. */
function nextMonth(year: number, month: number) {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

/** Deterministic variation so the ledger looks lived-in yet stays the same on every install. */
function variation(seed: number, spread: number): number {
  const x = Math.sin(seed * 12.9898) * 43_758.5453;
  return Math.round((x - Math.floor(x)) * spread);
}

export const seedWorkers: DemoSeeder = async (db, { tenant, now }) => {
  const workerRows = DEMO_WORKERS.map((demo, index) => {
    const joined = monthsBefore(now, demo.joinedMonthsAgo);
    const joiningDate = isoDate(joined.year, joined.month, 1 + ((index * 7) % 27));
    const createdAt = new Date(now.getTime() - (DEMO_WORKERS.length - index) * 86_400_000 * 9);
    return {
      ...demoRecordStamp(tenant, createdAt),
      name: demo.name,
      phone: demo.phone,
      address: demo.address,
      designation: demo.designation,
      joiningDate,
      isActive: demo.leftMonthsAgo === undefined,
      salaryType: demo.salaryType,
      baseSalary: demo.baseSalary,
    };
  });
  await db.insert(workers).values(workerRows);

  type SalaryInsert = typeof workerSalaries.$inferInsert;
  const salaries: SalaryInsert[] = [];
  const today = isoDate(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
  const add = (
    workerIndex: number,
    paymentType: PaymentType,
    paymentMethod: PaymentMethod,
    period: { year: number; month: number },
    paymentDate: string,
    amount: number,
    notes: string | null,
  ) => {
    // Nothing is paid in the future.
    if (paymentDate > today) return;
    const worker = workerRows[workerIndex];
    if (!worker) return;
    const createdAt = new Date(`${paymentDate}T11:30:00.000Z`);
    salaries.push({
      ...demoRecordStamp(tenant, createdAt),
      workerId: worker.id,
      paymentType,
      paymentMethod,
      month: period.month,
      year: period.year,
      paymentDate,
      amount,
      notes,
      createdBy: tenant.userId,
      updatedBy: null,
    });
  };

  DEMO_WORKERS.forEach((demo, workerIndex) => {
    const firstMonthsAgo = Math.min(LEDGER_MONTHS, demo.joinedMonthsAgo - 1);
    const lastMonthsAgo = demo.leftMonthsAgo ?? 1;
    for (let monthsAgo = firstMonthsAgo; monthsAgo >= lastMonthsAgo; monthsAgo -= 1) {
      const period = monthsBefore(now, monthsAgo);
      const paid = nextMonth(period.year, period.month);
      const seed = workerIndex * 100 + monthsAgo;
      const salaryDay = 1 + (variation(seed, 4) % 5);
      let wage = demo.monthlyPay;
      if (demo.salaryType !== 'monthly') {
        // Piece-rate and daily pay follow the work done that month.
        wage = Math.round((demo.monthlyPay * (85 + variation(seed + 1, 30))) / 100 / 10) * 10;
      }

      // Now and then an advance mid-month, taken back from that month's wages.
      if (variation(seed + 2, 100) < 14) {
        const advance = Math.min(wage / 2, 1000 * (2 + variation(seed + 3, 4)));
        add(
          workerIndex,
          'advance',
          demo.method === 'bank_transfer' ? 'upi' : demo.method,
          period,
          isoDate(period.year, period.month, 12 + variation(seed + 4, 8)),
          advance,
          'Advance against wages',
        );
        wage -= advance;
      }
      add(
        workerIndex,
        'salary',
        demo.method,
        period,
        isoDate(paid.year, paid.month, salaryDay),
        wage,
        null,
      );

      // Wedding season keeps the machines running late.
      if (
        (period.month === 11 || period.month === 12 || period.month === 1) &&
        demo.salaryType === 'monthly' &&
        variation(seed + 5, 100) < 45
      ) {
        add(
          workerIndex,
          'overtime',
          'cash',
          period,
          isoDate(paid.year, paid.month, salaryDay),
          500 * (1 + variation(seed + 6, 5)),
          'Late shifts for wedding orders',
        );
      }
      // Diwali bonus, paid with October's wages.
      if (period.month === 10) {
        add(
          workerIndex,
          'bonus',
          demo.method,
          period,
          isoDate(period.year, period.month, 25),
          Math.round((demo.monthlyPay * 0.5) / 100) * 100,
          'Diwali bonus',
        );
      }
    }
  });
  await db.insert(workerSalaries).values(salaries);
};
