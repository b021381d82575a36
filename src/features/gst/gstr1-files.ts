import { spreadsheetText } from '../../../contract/spreadsheet-text.ts';
import type { Gstr1Return } from '../../../contract/gstr1.ts';

/** A table of the return as a spreadsheet reads it: the portal's keys as headers. */
export interface Gstr1Table {
  name: string;
  headers: string[];
  rows: (string | number)[][];
}

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const object = (value: unknown): Json =>
  value && typeof value === 'object' ? (value as Json) : {};

const ITEM_KEYS = ['rt', 'txval', 'iamt', 'camt', 'samt', 'csamt'] as const;
const itemCells = (item: Json) => {
  const detail = object(item.itm_det);
  return ITEM_KEYS.map((key) => (detail[key] as number | undefined) ?? 0);
};
const cellsOf = (row: Json, keys: readonly string[]) =>
  keys.map((key) => (row[key] as string | number | undefined) ?? '');

const INVOICE_KEYS = ['inum', 'idt', 'val', 'pos', 'rchrg', 'inv_typ'] as const;
const NOTE_KEYS = ['ntty', 'nt_num', 'nt_dt', 'val', 'pos'] as const;
const HSN_KEYS = ['num', 'hsn_sc', 'uqc', 'qty', 'rt', 'txval', 'iamt', 'camt', 'samt', 'csamt'];
const B2CS_KEYS = ['sply_ty', 'pos', 'typ', 'rt', 'txval', 'iamt', 'camt', 'samt', 'csamt'];
const NIL_KEYS = ['sply_ty', 'expt_amt', 'nil_amt', 'ngsup_amt'];
const DOC_KEYS = ['num', 'from', 'to', 'totnum', 'cancel', 'net_issue'];

/**
 * Each table of the return that has rows, flattened one row per item (invoices) or per entry, so
 * an accountant can check it line by line against the portal's own Excel view.
 */
export function gstr1Tables(gstr1: Gstr1Return): Gstr1Table[] {
  const tables: Gstr1Table[] = [
    {
      name: 'b2b',
      headers: ['ctin', ...INVOICE_KEYS, ...ITEM_KEYS],
      rows: list(gstr1.b2b).flatMap((party) =>
        list(party.inv).flatMap((invoice) =>
          list(invoice.itms).map((item) => [
            party.ctin as string,
            ...cellsOf(invoice, INVOICE_KEYS),
            ...itemCells(item),
          ]),
        ),
      ),
    },
    {
      name: 'b2cl',
      headers: ['pos', 'inum', 'idt', 'val', ...ITEM_KEYS],
      rows: list(gstr1.b2cl).flatMap((state) =>
        list(state.inv).flatMap((invoice) =>
          list(invoice.itms).map((item) => [
            state.pos as string,
            ...cellsOf(invoice, ['inum', 'idt', 'val']),
            ...itemCells(item),
          ]),
        ),
      ),
    },
    {
      name: 'cdnr',
      headers: ['ctin', ...NOTE_KEYS, 'rchrg', 'inv_typ', ...ITEM_KEYS],
      rows: list(gstr1.cdnr).flatMap((party) =>
        list(party.nt).flatMap((note) =>
          list(note.itms).map((item) => [
            party.ctin as string,
            ...cellsOf(note, [...NOTE_KEYS, 'rchrg', 'inv_typ']),
            ...itemCells(item),
          ]),
        ),
      ),
    },
    {
      name: 'cdnur',
      headers: ['typ', ...NOTE_KEYS, ...ITEM_KEYS],
      rows: list(gstr1.cdnur).flatMap((note) =>
        list(note.itms).map((item) => [
          ...cellsOf(note, ['typ', ...NOTE_KEYS]),
          ...itemCells(item),
        ]),
      ),
    },
    {
      name: 'b2cs',
      headers: B2CS_KEYS,
      rows: list(gstr1.b2cs).map((row) => cellsOf(row, B2CS_KEYS)),
    },
    {
      name: 'nil',
      headers: NIL_KEYS,
      rows: list(object(gstr1.nil).inv).map((row) => cellsOf(row, NIL_KEYS)),
    },
    {
      name: 'hsn_b2b',
      headers: HSN_KEYS,
      rows: list(object(gstr1.hsn).hsn_b2b).map((row) => cellsOf(row, HSN_KEYS)),
    },
    {
      name: 'hsn_b2c',
      headers: HSN_KEYS,
      rows: list(object(gstr1.hsn).hsn_b2c).map((row) => cellsOf(row, HSN_KEYS)),
    },
    {
      name: 'doc_issue',
      headers: ['doc_num', 'doc_typ', ...DOC_KEYS],
      rows: list(object(gstr1.doc_issue).doc_det).flatMap((kind) =>
        list(kind.docs).map((row) => [
          kind.doc_num as number,
          kind.doc_typ as string,
          ...cellsOf(row, DOC_KEYS),
        ]),
      ),
    },
  ];
  return tables.filter((table) => table.rows.length > 0);
}

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * CSV as the server's register writes it: a BOM so Excel reads it as UTF-8, numbers as values, text through the spreadsheet-text rule so none of it runs as a formula.
 */
export function tableCsv(table: Gstr1Table): string {
  const line = (cells: (string | number)[]) =>
    cells
      .map((cell) => (typeof cell === 'number' ? String(cell) : quoted(spreadsheetText(cell))))
      .join(',');
  return `\uFEFF${[table.headers, ...table.rows].map(line).join('\n')}\n`;
}

/** Saves `content` as a file through the browser's download. */
export function downloadFile(fileName: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
