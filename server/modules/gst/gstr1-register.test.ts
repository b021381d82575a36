import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeBillFigures } from '../../../contract/bill-figures.ts';
import { GST_RATES } from '../../../contract/gst.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  addMerchant,
  gstr1SchemaErrors,
  insertBill,
  insertNote,
  setSeller,
  type BookMerchant,
} from './gstr1-test-book.ts';

const SELLER_STATE = '24';
const BUYERS = [
  { name: 'Registered here', gstin: '24AAACA2222B1ZQ', state: '24' },
  { name: 'Registered away', gstin: '27AAACB3333C1ZB', state: '27' },
  { name: 'Typo in GSTIN', gstin: '29AAACE4444D1ZX', state: '29' },
  { name: 'Walk in here', gstin: null, state: '24' },
  { name: 'Walk in away', gstin: null, state: '29' },
] as const;
const VALID_GSTINS = new Set(['24AAACA2222B1ZQ', '27AAACB3333C1ZB']);
const DAYS = ['2026-03-31', '2026-04-01', '2026-04-15', '2026-04-30', '2026-05-01'];

const generatedBill = fc.record({
  buyer: fc.integer({ min: 0, max: BUYERS.length - 1 }),
  day: fc.constantFrom(...DAYS),
  // Paise up to ₹3 lakh, so both sides of the B2CL threshold come up.
  taxablePaise: fc.integer({ min: 1, max: 30_000_000 }),
  gstRate: fc.constantFrom(...GST_RATES),
  billOfSupply: fc.boolean(),
  // About one bill in five is cancelled.
  cancelled: fc.integer({ min: 0, max: 4 }).map((draw) => draw === 0),
  note: fc.option(
    fc.record({
      kind: fc.constantFrom('credit' as const, 'debit' as const),
      // Per mille of the bill's taxable value.
      share: fc.integer({ min: 1, max: 1000 }),
      day: fc.constantFrom(...DAYS),
      cancelled: fc.integer({ min: 0, max: 4 }).map((draw) => draw === 0),
    }),
    { nil: null },
  ),
});

type Sums = Record<'txval' | 'iamt' | 'camt' | 'samt', number>;
const zero = (): Sums => ({ txval: 0, iamt: 0, camt: 0, samt: 0 });
/** Whole paise, so sums compare exactly whatever the float of an API number. */
const paise = (rupees: number | string | undefined) => Math.round(Number(rupees ?? 0) * 100);
const add = (sums: Sums, row: Partial<Record<keyof Sums, number | string>>, sign = 1) => {
  for (const key of Object.keys(sums) as (keyof Sums)[]) sums[key] += sign * paise(row[key]);
};
const emptySections = () => ({
  b2b: zero(),
  b2cl: zero(),
  b2cs: zero(),
  nil: zero(),
  cdnr: zero(),
  cdnur: zero(),
  hsn: zero(),
});
type Section = keyof ReturnType<typeof emptySections>;

interface Item {
  itm_det: Partial<Sums>;
}
interface NoteJson {
  ntty: 'C' | 'D';
  itms: Item[];
}
interface ReturnJson {
  cdnr?: { nt: NoteJson[] }[];
  cdnur?: NoteJson[];
  b2b?: { inv: { itms: Item[] }[] }[];
  b2cl?: { inv: { itms: Item[] }[] }[];
  b2cs?: Partial<Sums>[];
  nil?: { inv: { expt_amt: number; nil_amt: number }[] };
  hsn?: { hsn_b2b: Partial<Sums>[]; hsn_b2c: Partial<Sums>[] };
  doc_issue?: { doc_det: { docs: { totnum: number; cancel: number }[] }[] };
}

function returnSections(gstr1: ReturnJson) {
  const sections = emptySections();
  for (const key of ['b2b', 'b2cl'] as const) {
    for (const party of gstr1[key] ?? []) {
      for (const invoice of party.inv)
        for (const item of invoice.itms) add(sections[key], item.itm_det);
    }
  }
  const notes = [...(gstr1.cdnr ?? []).flatMap((party) => party.nt), ...(gstr1.cdnur ?? [])];
  for (const note of notes) {
    const section = gstr1.cdnur?.includes(note) ? sections.cdnur : sections.cdnr;
    for (const item of note.itms) add(section, item.itm_det, note.ntty === 'C' ? -1 : 1);
  }
  for (const row of gstr1.b2cs ?? []) add(sections.b2cs, row);
  for (const row of gstr1.nil?.inv ?? [])
    sections.nil.txval += paise(row.expt_amt) + paise(row.nil_amt);
  for (const row of [...(gstr1.hsn?.hsn_b2b ?? []), ...(gstr1.hsn?.hsn_b2c ?? [])]) {
    add(sections.hsn, row);
  }
  return sections;
}

/** The register CSV as rows keyed by its English headers. */
function parseRegister(csv: string) {
  const [header = '', ...lines] = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const columns = header.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']));
  });
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GSTR-1 against the bills register', () => {
  it('reconciles section by section for generated books', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(generatedBill, { minLength: 1, maxLength: 12 }), async (book) => {
        const owner = await t.registerUser();
        await setSeller(t, owner, '24AAACK1111A1ZO', SELLER_STATE);
        const merchants: BookMerchant[] = [];
        for (const buyer of BUYERS) {
          merchants.push(await addMerchant(t, owner, buyer.name, buyer.gstin, buyer.state));
        }
        // Which section each bill belongs in, by the rules of docs/gst-returns.md.
        const sectionOf = new Map<string, Section | null>();
        // The notes, as the register adds them to the bills: signed, by the section they go to.
        const noteSums = emptySections();
        let noteCount = 0;
        let noteCancelled = 0;
        let sequence = 0;
        for (const bill of [...book].sort((a, b) => a.day.localeCompare(b.day))) {
          sequence += 1;
          const merchant = merchants[bill.buyer] as BookMerchant;
          const billType = bill.billOfSupply ? 'bill_of_supply' : 'tax_invoice';
          const figures = computeBillFigures({
            lineAmounts: [bill.taxablePaise / 100],
            billType,
            gstRate: bill.gstRate,
            sellerState: SELLER_STATE,
            placeOfSupply: merchant.state,
          });
          const number = `INV/2026-27/${String(sequence).padStart(4, '0')}`;
          const billId = await insertBill(
            t,
            owner,
            {
              number,
              billDate: bill.day,
              merchant,
              placeOfSupply: merchant.state,
              billType,
              gstRate: bill.gstRate,
              sac: '998821',
              taxable: figures.taxable.toFixed(2),
              cgst: figures.cgst.toFixed(2),
              sgst: figures.sgst.toFixed(2),
              igst: figures.igst.toFixed(2),
              roundOff: figures.roundOff.toFixed(2),
              total: figures.total.toFixed(2),
              status: bill.cancelled ? 'cancelled' : 'unpaid',
            },
            SELLER_STATE,
          );
          const registered = merchant.gstin !== null && VALID_GSTINS.has(merchant.gstin);
          const nil = bill.billOfSupply || bill.gstRate === 0;
          sectionOf.set(
            number,
            bill.cancelled
              ? null
              : nil
                ? 'nil'
                : registered
                  ? 'b2b'
                  : merchant.state !== SELLER_STATE && figures.total > 100_000
                    ? 'b2cl'
                    : 'b2cs',
          );
          if (!bill.note) continue;
          noteCount += 1;
          const noteTaxable = Math.max(1, Math.floor((bill.taxablePaise * bill.note.share) / 1000));
          const noteFigures = computeBillFigures({
            lineAmounts: [noteTaxable / 100],
            billType,
            gstRate: bill.gstRate,
            sellerState: SELLER_STATE,
            placeOfSupply: merchant.state,
          });
          await insertNote(
            t,
            owner,
            {
              number: `${bill.note.kind === 'credit' ? 'CN' : 'DN'}/2026-27/${String(noteCount).padStart(4, '0')}`,
              kind: bill.note.kind,
              billId,
              noteDate: bill.note.day,
              merchant,
              placeOfSupply: merchant.state,
              gstRate: bill.gstRate,
              sac: '998821',
              taxable: noteFigures.taxable.toFixed(2),
              cgst: noteFigures.cgst.toFixed(2),
              sgst: noteFigures.sgst.toFixed(2),
              igst: noteFigures.igst.toFixed(2),
              total: noteFigures.total.toFixed(2),
              cancelled: bill.note.cancelled,
            },
            SELLER_STATE,
          );
          const inPeriod = bill.note.day.startsWith('2026-04');
          if (inPeriod && bill.note.cancelled) noteCancelled += 1;
          if (!inPeriod || bill.note.cancelled) continue;
          const noteSection: Section = nil
            ? 'nil'
            : registered
              ? 'cdnr'
              : merchant.state !== SELLER_STATE && figures.total > 100_000
                ? 'cdnur'
                : 'b2cs';
          const amounts = {
            txval: noteFigures.taxable,
            iamt: noteFigures.igst,
            camt: noteFigures.cgst,
            samt: noteFigures.sgst,
          };
          const sign = bill.note.kind === 'credit' ? -1 : 1;
          add(noteSums[noteSection], amounts, sign);
          add(noteSums.hsn, amounts, sign);
        }

        const response = await t.send(owner, 'GET', '/api/gst/gstr1?period=042026');
        expect(response.statusCode, response.body).toBe(200);
        const gstr1 = response.json<{ data: ReturnJson }>().data;
        expect(gstr1SchemaErrors(gstr1)).toEqual([]);

        const csv = await t.send(
          owner,
          'GET',
          '/api/bills/export.csv?startDate=2026-04-01&endDate=2026-04-30',
        );
        expect(csv.statusCode).toBe(200);
        const expected = noteSums;
        // The register lists notes beside the invoices; a note row names its original invoice.
        const registerRows = parseRegister(csv.body);
        const register = registerRows.filter((row) => row['Original invoice number'] === '');
        const registerNotes = registerRows.filter((row) => row['Original invoice number'] !== '');
        for (const row of register) {
          const section = sectionOf.get(row['Invoice number'] ?? '');
          if (!section) continue;
          const amounts = {
            txval: row['Taxable value'],
            iamt: row.IGST,
            camt: row.CGST,
            samt: row.SGST,
          };
          add(expected[section], amounts);
          add(expected.hsn, amounts);
        }
        expect(returnSections(gstr1)).toEqual(expected);
        const documents = (gstr1.doc_issue?.doc_det ?? []).flatMap((kind) => kind.docs);
        const sum = (pick: (row: { totnum: number; cancel: number }) => number) =>
          documents.reduce((total, row) => total + pick(row), 0);
        const notesInPeriod = book.filter((bill) => bill.note?.day.startsWith('2026-04')).length;
        expect(registerNotes).toHaveLength(notesInPeriod);
        expect(sum((row) => row.totnum)).toBe(register.length + notesInPeriod);
        expect(sum((row) => row.cancel)).toBe(
          register.filter((row) => row.Status === 'cancelled').length + noteCancelled,
        );
      }),
      { numRuns: 20, seed: 20_260_427 },
    );
  });
});
