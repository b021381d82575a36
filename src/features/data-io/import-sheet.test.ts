import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS, importValue } from '../../../contract/data-io.ts';
import { checkRows, matchColumns, sheetFromCsv } from './import-sheet';

const workerFields = IMPORT_FIELDS.workers;
const field = (key: string) => workerFields.find((candidate) => candidate.key === key)!;

describe('matchColumns', () => {
  it('matches headers in any language, ignoring case and spacing, and leaves the rest out', () => {
    const mapping = matchColumns(
      IMPORT_FIELDS.merchants,
      ['નામ', 'CITY', 'e-mail', 'Something else', 'Contact  person'],
      {
        name: ['Name', 'નામ', 'नाम'],
        city: ['City', 'શહેર'],
        email: ['Email', 'ઇમેઇલ'],
        contactPerson: ['Contact person'],
      },
    );
    expect(mapping).toMatchObject({ name: 0, city: 1, email: 2, contactPerson: 4, phone: null });
  });
});

describe('importValue', () => {
  it('turns spreadsheet text into what the create schema takes', () => {
    expect(importValue(field('baseSalary'), '₹12,500.50')).toBe(12500.5);
    expect(importValue(field('joiningDate'), '05/04/2024')).toBe('2024-04-05');
    expect(importValue(field('joiningDate'), new Date('2024-04-05T00:00:00Z'))).toBe('2024-04-05');
    expect(importValue(field('isActive'), 'હા', { હા: true })).toBe(true);
    expect(importValue(field('isActive'), 'No')).toBe(false);
    expect(importValue(field('salaryType'), 'Daily wage', { 'daily wage': 'daily' })).toBe('daily');
    expect(importValue(field('name'), '   ')).toBeUndefined();
    // Left as typed, so the schema names the problem.
    expect(importValue(field('baseSalary'), 'twelve')).toBe('twelve');
  });

  it("reads text a Karkhana CSV wrote with a leading ' as it was typed", () => {
    expect(importValue(field('phone'), "'+91 98250 41230")).toBe('+91 98250 41230');
    expect(importValue(field('name'), '\'=HYPERLINK("http://x.test")')).toBe(
      '=HYPERLINK("http://x.test")',
    );
    expect(importValue(field('name'), "'Ramu' Kaka")).toBe("'Ramu' Kaka");
  });
});

describe('checkRows', () => {
  it("reports the schema's errors and names repeated in the file, by the file's line", async () => {
    const sheet = await sheetFromCsv(
      '\uFEFFName,Design code,Rate\nPaisley,P-1,45\n,P-2,10\n\nLotus,p-1 ,abc\nMango,M-1,\n',
    );
    const mapping = { name: 0, designCode: 1, rate: 2, description: null };
    const checked = checkRows('designs', sheet, mapping, {});
    expect(checked.map((row) => row.row)).toEqual([2, 3, 5, 6]);
    expect(checked.map((row) => row.problems.map((problem) => problem.path))).toEqual([
      [],
      ['name'],
      ['rate'],
      [],
    ]);
    const duplicate = checkRows(
      'designs',
      await sheetFromCsv('Name,Design code\nPaisley,P-1\nLotus, p-1\n'),
      { name: 0, designCode: 1, rate: null, description: null },
      {},
    );
    expect(duplicate[1]?.problems).toEqual([
      { path: 'designCode', code: 'duplicate', params: { rule: 'in_file', row: 2 } },
    ]);
    expect(duplicate[0]?.values).toEqual({ name: 'Paisley', designCode: 'P-1' });
  });
});
