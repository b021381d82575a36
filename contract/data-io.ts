import { z } from 'zod';
import { fieldError } from './common.ts';
import { fromSpreadsheetText } from './spreadsheet-text.ts';
import { SALARY_TYPES } from './workers.ts';

// ---------------------------------------------------------------------------------------------
// Import of merchants, designs and workers from a spreadsheet

export const IMPORT_RESOURCES = ['merchants', 'designs', 'workers'] as const;
export type ImportResource = (typeof IMPORT_RESOURCES)[number];

/** At most this many rows per import request (a workshop's whole catalogue fits). */
export const IMPORT_MAX_ROWS = 5000;

type ImportFieldKind = 'text' | 'number' | 'boolean' | 'date' | 'enum';

export interface ImportField {
  /** The create schema's key; its label is `fields.<key>` of the resource's namespace. */
  key: string;
  kind: ImportFieldKind;
  /** The accepted values of an enum (the form's options). */
  values?: readonly string[];
  /** A row without it is refused by the create schema; shown as required in the mapping. */
  required?: boolean;
}

/** Optional text columns, in the order the mapping lists them. */
const textFields = (...keys: string[]): ImportField[] => keys.map((key) => ({ key, kind: 'text' }));

/**
 * The columns an import can fill, per resource: the form's fields, typed so a spreadsheet's text
 * becomes what the create schema expects. The schema itself decides what is valid.
 */
export const IMPORT_FIELDS: Record<ImportResource, readonly ImportField[]> = {
  merchants: [
    { key: 'name', kind: 'text', required: true },
    ...textFields('contactPerson', 'phone', 'email', 'city', 'address', 'gstin', 'notes'),
  ],
  designs: [
    { key: 'name', kind: 'text', required: true },
    { key: 'designCode', kind: 'text', required: true },
    { key: 'description', kind: 'text' },
    { key: 'rate', kind: 'number' },
  ],
  workers: [
    { key: 'name', kind: 'text', required: true },
    ...textFields('phone', 'designation', 'address'),
    { key: 'joiningDate', kind: 'date', required: true },
    { key: 'salaryType', kind: 'enum', values: SALARY_TYPES },
    { key: 'baseSalary', kind: 'number' },
    { key: 'isActive', kind: 'boolean' },
  ],
};

/**
 * The field whose value must not repeat: a merchant's name, a design's code, a worker's name
 * (compared without case and surrounding spaces). Importing the same file twice then adds nothing.
 */
export const IMPORT_UNIQUE_FIELD: Record<ImportResource, string> = {
  merchants: 'name',
  designs: 'designCode',
  workers: 'name',
};

export const importKey = (value: unknown) =>
  typeof value === 'string' ? value.trim().toLowerCase() : '';

/** A spreadsheet cell as papaparse or read-excel-file gives it. */
export type ImportCell = string | number | boolean | Date | null | undefined;

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `dd-MM-yyyy` or `dd/MM/yyyy` (how Indian spreadsheets write dates) -> `yyyy-MM-dd`. */
function dayFirstDate(text: string): string | undefined {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (!match) return undefined;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * One cell as the create schema's type: blank is "not given"; numbers lose thousands separators
 * and a rupee sign; yes/no and 1/0 are booleans; dates are `yyyy-MM-dd` (day-first accepted). A
 * cell that does not convert stays as it was, so the schema reports it in its own words.
 * `words` maps translated labels (e.g. "Daily wage", "હા") to values, for enums and booleans.
 */
export function importValue(
  field: ImportField,
  cell: ImportCell,
  words: Record<string, string | boolean> = {},
): unknown {
  if (cell === null || cell === undefined) return undefined;
  if (typeof cell === 'string' && cell.trim() === '') return undefined;
  const text = typeof cell === 'string' ? cell.trim() : cell;
  switch (field.kind) {
    case 'text':
      return cell instanceof Date ? isoDay(cell) : fromSpreadsheetText(String(text));
    case 'number': {
      if (typeof text === 'number') return text;
      if (typeof text !== 'string') return text;
      const cleaned = text.replace(/[₹,\s]/g, '');
      return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : text;
    }
    case 'boolean': {
      if (typeof text === 'boolean') return text;
      if (typeof text === 'number') return text === 1 ? true : text === 0 ? false : text;
      if (typeof text !== 'string') return text;
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      const translated = words[word];
      return typeof translated === 'boolean' ? translated : text;
    }
    case 'date': {
      if (text instanceof Date) return isoDay(text);
      if (typeof text !== 'string') return String(text);
      return dayFirstDate(text) ?? text;
    }
    case 'enum': {
      if (typeof text !== 'string') return String(text);
      const word = text.toLowerCase();
      const direct = field.values?.find((value) => value === word);
      if (direct) return direct;
      const translated = words[word];
      return typeof translated === 'string' ? translated : text;
    }
  }
}

const importRow = z.object({
  /** The row's line in the file (the header is line 1), named in errors. */
  row: z.number().int().min(1),
  values: z.record(z.string(), z.unknown()),
});

export const importRequest = z.strictObject({
  rows: z.array(importRow).min(1).max(IMPORT_MAX_ROWS),
});
export type ImportRequest = z.infer<typeof importRequest>;

export const importRowError = fieldError.extend({ row: z.number().int() });
export type ImportRowError = z.infer<typeof importRowError>;

export const importResult = z.object({
  /** Records created, in one transaction. */
  imported: z.number().int(),
  /** What kept the other rows out, by their line in the file. */
  errors: z.array(importRowError),
});
export type ImportResult = z.infer<typeof importResult>;

/** `duplicate` errors say which: already saved, or listed twice in the file (and where first). */
export const DUPLICATE_RULES = { exists: 'exists', inFile: 'in_file' } as const;

// ---------------------------------------------------------------------------------------------
// Backup and restore of a whole organization

export const BACKUP_FORMAT = 'karkhana-backup';
/** Raised whenever a release changes what a backup holds; a restore refuses newer files. */
export const BACKUP_VERSION = 1;

/**
 * The file: the organization's profile and every table's rows as the database names them
 * (snake_case columns), so the format follows the schema without a mapping to maintain.
 */
export const backupFile = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  exportedAt: z.string(),
  organization: z.record(z.string(), z.unknown()),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type BackupFile = z.infer<typeof backupFile>;

export const restoreResult = z.object({
  /** Rows restored per table. */
  tables: z.record(z.string(), z.number().int()),
  /** Users of the file whose email already has an account here: not restored. */
  skippedUsers: z.array(z.string()),
});
export type RestoreResult = z.infer<typeof restoreResult>;
