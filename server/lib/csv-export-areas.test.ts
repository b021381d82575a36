import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeeders } from '../db/seed.ts';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app.ts';
import { createTenantContext } from './tenant.ts';

/**
 * What each area's "Download CSV" holds, read as a spreadsheet would: the headers in the asked
 * language, and for the same filters exactly the records of the list API, cell by cell.
 */

type Locale = { [key: string]: string | Locale };
type ApiRecord = Record<string, unknown>;

const locale = (language: string, namespace: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../public/locales/${language}/${namespace}.json`, import.meta.url),
      'utf8',
    ),
  ) as Locale;

function text(tree: Locale, path: string): string {
  let node: string | Locale | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  expect(typeof node, path).toBe('string');
  return node as string;
}

function parseCsv(body: string) {
  expect(body.charCodeAt(0), 'the file starts with a BOM').toBe(0xfeff);
  const [headers, ...rows] = Papa.parse<string[]>(body.slice(1), { skipEmptyLines: true }).data;
  return { headers: headers ?? [], rows };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell as the file should hold it, from the list API's record. */
type Cell =
  | { kind: 'text'; key: string }
  | { kind: 'day'; key: string }
  | { kind: 'number'; key: string }
  | { kind: 'yesNo'; key: string }
  | { kind: 'choice'; key: string; values: string };

/** A column's kind; a choice names the locale group of its values. */
type ColumnKind = Exclude<Cell['kind'], 'choice'> | { choice: string };

interface Area {
  path: string;
  namespace: string;
  /** A filter that leaves some rows out, as the list page would send it. */
  query: string;
  /** The file's columns in order: the record's key (a nested one dotted) and the cell's kind. */
  columns: Record<string, ColumnKind>;
}

const AREAS: Area[] = [
  {
    path: 'workers',
    namespace: 'workers',
    query: 'isActive=true&sort=joiningDate',
    columns: {
      name: 'text',
      phone: 'text',
      designation: 'text',
      address: 'text',
      joiningDate: 'day',
      salaryType: { choice: 'salaryTypes' },
      baseSalary: 'number',
      isActive: 'yesNo',
    },
  },
  {
    path: 'worker-salaries',
    namespace: 'worker-salaries',
    query: 'paymentType=salary&sort=-amount',
    columns: {
      paymentDate: 'day',
      'worker.name': 'text',
      month: 'number',
      year: 'number',
      paymentType: { choice: 'paymentTypes' },
      paymentMethod: { choice: 'paymentMethods' },
      amount: 'number',
      notes: 'text',
    },
  },
  {
    path: 'expenses',
    namespace: 'expenses',
    query: 'startDate=2026-01-01&sort=-expenseDate',
    columns: {
      expenseDate: 'day',
      category: 'text',
      amount: 'number',
      paymentMethod: { choice: 'paymentMethods' },
      description: 'text',
    },
  },
  {
    path: 'bank-details',
    namespace: 'bank-details',
    query: 'isActive=false&sort=bankName',
    columns: {
      bankName: 'text',
      accountHolderName: 'text',
      accountNumber: 'text',
      ifscCode: 'text',
      branch: 'text',
      isActive: 'yesNo',
    },
  },
];

const cellsOf = (area: Area): Cell[] =>
  Object.entries(area.columns).map(([key, kind]) =>
    typeof kind === 'string' ? { kind, key } : { kind: 'choice', key, values: kind.choice },
  );

/** Each column is headed by its form field; a nested value by the field holding it (`worker`). */
const headersOf = (area: Area) =>
  Object.keys(area.columns).map((key) => `fields.${key.split('.')[0]!}`);

/** A scalar of the record, a nested one by its dotted path (`worker.name`). */
function valueAt(record: ApiRecord, key: string): string | number | boolean | null | undefined {
  let value: unknown = record;
  for (const part of key.split('.')) value = (value as ApiRecord | null)?.[part];
  return value as string | number | boolean | null | undefined;
}

function expectedCell(cell: Cell, record: ApiRecord, area: Area, english: Locale): string {
  const value = valueAt(record, cell.key);
  if (value === null || value === undefined) return '';
  switch (cell.kind) {
    case 'text':
      // A phone like +91 98250 41230 would be a formula to a spreadsheet: it is written as text.
      return /^[=+\-@\t\r]/.test(String(value)) ? `'${String(value)}` : String(value);
    case 'day':
      return String(value).slice(0, 10);
    case 'number':
      return String(value);
    case 'yesNo':
      return text(locale('en', 'data-io'), value ? 'csv.yes' : 'csv.no');
    case 'choice':
      return text(english, `${cell.values}.${String(value)}`);
  }
  return area.path;
}

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
  const tenant = createTenantContext(owner.auth.organization._id, owner.auth.user._id);
  for (const seeder of demoSeeders) {
    await seeder(t.database.handle.db, { tenant, now: new Date('2026-11-20T10:00:00Z') });
  }
}, 120_000);

afterAll(async () => {
  await t.close();
});

async function listed(area: Area): Promise<{ records: ApiRecord[]; unfiltered: number }> {
  const records: ApiRecord[] = [];
  for (let page = 1; ; page += 1) {
    const response = await t.send(
      owner,
      'GET',
      `/api/${area.path}?${area.query}&limit=3&page=${page}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ data: { data: ApiRecord[]; hasNextPage: boolean } }>().data;
    records.push(...body.data);
    if (!body.hasNextPage) break;
  }
  const all = await t.send(owner, 'GET', `/api/${area.path}?limit=1`);
  return { records, unfiltered: all.json<{ data: { totalCount: number } }>().data.totalCount };
}

describe.each(AREAS)('GET /api/$path/export.csv', (area) => {
  it('holds exactly the filtered list: yyyy-MM-dd dates, plain numbers, translated values', async () => {
    const { records, unfiltered } = await listed(area);
    expect(records.length, 'the filter keeps some rows').toBeGreaterThan(0);
    expect(records.length, 'the filter leaves some rows out').toBeLessThan(unfiltered);

    const response = await t.send(owner, 'GET', `/api/${area.path}/export.csv?${area.query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    const english = locale('en', area.namespace);
    const { headers, rows } = parseCsv(response.body);
    expect(headers).toEqual(headersOf(area).map((key) => text(english, key)));
    expect(rows).toEqual(
      records.map((record) =>
        cellsOf(area).map((cell) => expectedCell(cell, record, area, english)),
      ),
    );
    for (const [index, cell] of cellsOf(area).entries()) {
      const column = rows.map((row) => row[index] ?? '').filter((value) => value !== '');
      if (cell.kind === 'day') for (const value of column) expect(value).toMatch(DAY);
      if (cell.kind === 'number') for (const value of column) expect(value).toMatch(PLAIN_NUMBER);
    }
  });

  it('names the columns and values in Gujarati when asked', async () => {
    const response = await t.send(
      owner,
      'GET',
      `/api/${area.path}/export.csv?${area.query}&lang=gu`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const gujarati = locale('gu', area.namespace);
    const english = locale('en', area.namespace);
    const { headers, rows } = parseCsv(response.body);
    expect(headers).toEqual(headersOf(area).map((key) => text(gujarati, key)));
    expect(headers[0]).not.toBe(text(english, headersOf(area)[0]!));
    const { records } = await listed(area);
    expect(rows).toHaveLength(records.length);
    for (const [index, cell] of cellsOf(area).entries()) {
      if (cell.kind !== 'choice' && cell.kind !== 'yesNo') continue;
      expect(
        rows.map((row) => row[index]),
        cell.key,
      ).toEqual(
        records.map((record) => {
          const value = valueAt(record, cell.key);
          return cell.kind === 'choice'
            ? text(gujarati, `${cell.values}.${String(value)}`)
            : text(locale('gu', 'data-io'), value ? 'csv.yes' : 'csv.no');
        }),
      );
    }
  });
});
