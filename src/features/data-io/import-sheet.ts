import type { z } from 'zod';
import {
  IMPORT_FIELDS,
  IMPORT_UNIQUE_FIELD,
  importKey,
  importValue,
  type ImportCell,
  type ImportField,
  type ImportResource,
} from '../../../contract/data-io.ts';
import type { FieldErrorCode, FieldErrorParams } from '../../../contract/errors.ts';
import { designCreate } from '../../../contract/designs.ts';
import { merchantCreate } from '../../../contract/merchants.ts';
import { fieldErrorOf, validationErrorMap } from '../../../contract/validation.ts';
import { workerCreate } from '../../../contract/workers.ts';

/** The form's own schema: the preview finds exactly what the server will refuse. */
const IMPORT_SCHEMAS: Record<ImportResource, z.ZodType> = {
  merchants: merchantCreate,
  designs: designCreate,
  workers: workerCreate,
};

export interface Sheet {
  headers: string[];
  /** The rows below the header, each with its line in the file (the header is line 1). */
  rows: { row: number; cells: ImportCell[] }[];
}

const isBlankRow = (cells: ImportCell[]) =>
  cells.every((cell) => cell === null || cell === undefined || String(cell).trim() === '');

function sheetFromRows(data: ImportCell[][]): Sheet {
  const [header = [], ...body] = data;
  return {
    headers: header.map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim())),
    rows: body
      .map((cells, index) => ({ row: index + 2, cells }))
      .filter((entry) => !isBlankRow(entry.cells)),
  };
}

/** A CSV's text (a leading BOM is dropped) as a sheet. */
export async function sheetFromCsv(text: string): Promise<Sheet> {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  return sheetFromRows(parsed.data);
}

/** A .csv or .xlsx file as a sheet (an Excel workbook's first sheet). */
export async function readSpreadsheet(file: File): Promise<Sheet> {
  if (/\.xlsx$/i.test(file.name)) {
    const { readSheet } = await import('read-excel-file/browser');
    return sheetFromRows((await readSheet(file)) as ImportCell[][]);
  }
  return sheetFromCsv(await file.text());
}

const normalize = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_\-.:*()]+/g, '');

/** Field -> the file's column index (null: not imported), matched by the field's names. */
export type ColumnMapping = Record<string, number | null>;

/**
 * Matches each field to the column whose header is the field's label in any language (or its
 * key): a file exported in Gujarati, or typed by hand in English, maps by itself.
 */
export function matchColumns(
  fields: readonly ImportField[],
  headers: string[],
  labels: Record<string, string[]>,
): ColumnMapping {
  const normalizedHeaders = headers.map(normalize);
  const taken = new Set<number>();
  const mapping: ColumnMapping = {};
  for (const field of fields) {
    const names = new Set([field.key, ...(labels[field.key] ?? [])].map(normalize));
    const index = normalizedHeaders.findIndex(
      (header, position) => !taken.has(position) && header !== '' && names.has(header),
    );
    mapping[field.key] = index >= 0 ? index : null;
    if (index >= 0) taken.add(index);
  }
  return mapping;
}

export interface RowProblem {
  path: string;
  code: FieldErrorCode;
  params?: FieldErrorParams | undefined;
}

export interface CheckedRow {
  row: number;
  values: Record<string, unknown>;
  problems: RowProblem[];
}

/**
 * Each row as the values the import sends, and what the create schema (and a name or code that
 * repeats within the file) has against it.
 */
export function checkRows(
  resource: ImportResource,
  sheet: Sheet,
  mapping: ColumnMapping,
  words: Record<string, string | boolean>,
): CheckedRow[] {
  const fields = IMPORT_FIELDS[resource];
  const schema = IMPORT_SCHEMAS[resource];
  const uniqueField = IMPORT_UNIQUE_FIELD[resource];
  const firstRowOf = new Map<string, number>();
  return sheet.rows.map(({ row, cells }) => {
    const values: Record<string, unknown> = {};
    for (const field of fields) {
      const column = mapping[field.key];
      if (column === null || column === undefined) continue;
      const value = importValue(field, cells[column], words);
      if (value !== undefined) values[field.key] = value;
    }
    const problems: RowProblem[] = [];
    const parsed = schema.safeParse(values, { error: validationErrorMap });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(fieldErrorOf(issue));
    } else {
      const key = importKey((parsed.data as Record<string, unknown>)[uniqueField]);
      const first = firstRowOf.get(key);
      if (first !== undefined) {
        problems.push({
          path: uniqueField,
          code: 'duplicate',
          params: { rule: 'in_file', row: first },
        });
      } else firstRowOf.set(key, row);
    }
    return { row, values, problems };
  });
}
