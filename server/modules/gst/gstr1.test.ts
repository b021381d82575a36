import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../../contract/common.ts';
import { gstr1Summary } from '../../../contract/gstr1.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import {
  addMerchant,
  gstr1SchemaErrors,
  insertBill,
  insertNote,
  setSeller,
  type BookBill,
  type BookMerchant,
  type BookNote,
} from './gstr1-test-book.ts';

const SELLER_GSTIN = '24AAACK1111A1ZO';
const OTHER_SELLER_GSTIN = '24AAACZ9999Z1ZI';
const SAC = '998821';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

interface Body {
  success: boolean;
  code: string;
  data: Record<string, unknown>;
  errors: { path: string; code: string; params: Record<string, unknown> }[];
}

async function getReturn(user: TestUser, query: string) {
  const response = await t.send(user, 'GET', `/api/gst/gstr1?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Body>().data;
}

async function getSummary(user: TestUser, query: string) {
  const response = await t.send(user, 'GET', `/api/gst/gstr1/summary?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return envelope(gstr1Summary).parse(response.json()).data;
}

const intra = (taxable: string, rate: number, cgst: string) => ({
  gstRate: rate,
  taxable,
  cgst,
  sgst: cgst,
  igst: '0',
});
const inter = (taxable: string, rate: number, igst: string) => ({
  gstRate: rate,
  taxable,
  cgst: '0',
  sgst: '0',
  igst,
});

/**
 * The fixed book of April 2026 (docs/gst-returns.md): each kind of supply once, a cancelled bill,
 * a buyer whose GSTIN fails its check digit, a bill without SAC, a bill of supply, credit and
 * debit notes (one cancelled); one bill in May; and another organization's bill the same month.
 */
async function fixedBook() {
  await setSeller(t, owner, SELLER_GSTIN, '24');
  const alpha = await addMerchant(t, owner, 'Alpha Looms', '24AAACA2222B1ZQ', '24');
  const beta = await addMerchant(t, owner, 'Beta Prints', '27AAACB3333C1ZB', '27');
  const gamma = await addMerchant(t, owner, 'Gamma Silk', null, '24');
  const delta = await addMerchant(t, owner, 'Delta Weaves', null, '29');
  const epsilon = await addMerchant(t, owner, 'Epsilon Dyes', '29AAACE4444D1ZX', '29');
  const bill = (
    number: number,
    billDate: string,
    merchant: BookMerchant,
    rest: Omit<
      BookBill,
      'number' | 'billDate' | 'merchant' | 'placeOfSupply' | 'sac' | 'roundOff'
    > &
      Partial<Pick<BookBill, 'sac' | 'roundOff'>>,
  ): BookBill => ({
    number: `INV/2026-27/${String(number).padStart(4, '0')}`,
    billDate,
    merchant,
    placeOfSupply: merchant.state,
    sac: SAC,
    roundOff: '0',
    ...rest,
  });
  const book: BookBill[] = [
    bill(1, '2026-04-03', alpha, { ...intra('10000.00', 5, '250.00'), total: '10500.00' }),
    bill(2, '2026-04-07', beta, {
      ...inter('25000.50', 12, '3000.06'),
      roundOff: '0.44',
      total: '28001.00',
    }),
    bill(3, '2026-04-10', gamma, { ...intra('2000.00', 5, '50.00'), total: '2100.00' }),
    bill(4, '2026-04-12', delta, { ...inter('150000.00', 18, '27000.00'), total: '177000.00' }),
    bill(5, '2026-04-15', alpha, {
      ...intra('5000.00', 5, '125.00'),
      total: '5250.00',
      status: 'cancelled',
    }),
    bill(6, '2026-04-20', epsilon, { ...inter('1000.00', 18, '180.00'), total: '1180.00' }),
    bill(7, '2026-04-22', alpha, { ...intra('400.00', 5, '10.00'), total: '420.00', sac: null }),
    bill(8, '2026-04-25', gamma, {
      ...intra('3000.00', 5, '0'),
      billType: 'bill_of_supply',
      total: '3000.00',
    }),
    bill(9, '2026-05-02', alpha, { ...intra('1000.00', 5, '25.00'), total: '1050.00' }),
  ];
  const billIds: string[] = [];
  for (const entry of book) billIds.push(await insertBill(t, owner, entry, '24'));
  const billId = (number: number) => billIds[number - 1] as string;
  const note = (
    number: string,
    noteDate: string,
    onBill: number,
    kind: BookNote['kind'],
    figures: ReturnType<typeof intra>,
    total: string,
    cancelled?: true,
  ): BookNote => {
    const original = book[onBill - 1] as BookBill;
    return {
      number,
      noteDate,
      billId: billId(onBill),
      merchant: original.merchant,
      placeOfSupply: original.placeOfSupply,
      sac: original.sac,
      kind,
      ...figures,
      total,
      ...(cancelled ? { cancelled } : {}),
    };
  };
  const notes: BookNote[] = [
    // A registered buyer's note: CDNR.
    note('CN/2026-27/0001', '2026-04-18', 1, 'credit', intra('1000.00', 5, '25.00'), '1050.00'),
    // On a small B2C bill: B2CS, net.
    note('DN/2026-27/0001', '2026-04-19', 3, 'debit', intra('200.00', 5, '5.00'), '210.00'),
    // On a B2CL invoice: CDNUR.
    note(
      'CN/2026-27/0002',
      '2026-04-21',
      4,
      'credit',
      inter('10000.00', 18, '1800.00'),
      '11800.00',
    ),
    note(
      'CN/2026-27/0003',
      '2026-04-23',
      2,
      'credit',
      inter('500.00', 12, '60.00'),
      '560.00',
      true,
    ),
  ];
  for (const entry of notes) await insertNote(t, owner, entry, '24');

  await setSeller(t, stranger, OTHER_SELLER_GSTIN, '24');
  const strangerBuyer = await addMerchant(t, stranger, 'Elsewhere', '24AAACA2222B1ZQ', '24');
  await insertBill(
    t,
    stranger,
    bill(1, '2026-04-05', strangerBuyer, { ...intra('777.00', 5, '19.43'), total: '816.00' }),
    '24',
  );
  return { alpha, epsilon };
}

let merchantsOfBook: Awaited<ReturnType<typeof fixedBook>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
  stranger = await t.registerUser();
  merchantsOfBook = await fixedBook();
});
afterAll(() => t.close());

describe('GSTR-1 of a fixed book', () => {
  it('matches the hand-checked return field by field', async () => {
    const expected: unknown = JSON.parse(
      readFileSync(new URL('./gstr1-fixed-book.expected.json', import.meta.url), 'utf8'),
    );
    const gstr1 = await getReturn(owner, 'period=042026');
    expect(gstr1).toEqual(expected);
    expect(gstr1SchemaErrors(gstr1)).toEqual([]);
  });

  it('covers a quarter up to its last month, which is the return period', async () => {
    const gstr1 = await getReturn(owner, 'quarter=2026-Q2');
    expect(gstr1SchemaErrors(gstr1)).toEqual([]);
    expect(gstr1.fp).toBe('062026');
    const docs = (gstr1.doc_issue as { doc_det: { docs: { to: string; totnum: number }[] }[] })
      .doc_det[0]?.docs[0];
    expect(docs).toMatchObject({ to: 'INV/2026-27/0009', totnum: 9 });
  });

  it('sums each section, the register and GSTR-3B, and lists what to fix', async () => {
    const summary = await getSummary(owner, 'period=042026');
    expect(summary.sections).toEqual([
      { section: 'b2b', count: 3, txval: 35400.5, iamt: 3000.06, camt: 260, samt: 260 },
      { section: 'b2cl', count: 1, txval: 150000, iamt: 27000, camt: 0, samt: 0 },
      { section: 'b2cs', count: 3, txval: 3200, iamt: 180, camt: 55, samt: 55 },
      { section: 'nil', count: 1, txval: 3000, iamt: 0, camt: 0, samt: 0 },
      { section: 'cdnr', count: 1, txval: -1000, iamt: 0, camt: -25, samt: -25 },
      { section: 'cdnur', count: 1, txval: -10000, iamt: -1800, camt: 0, samt: 0 },
      { section: 'hsn_b2b', count: 2, txval: 34000.5, iamt: 3000.06, camt: 225, samt: 225 },
      { section: 'hsn_b2c', count: 3, txval: 146200, iamt: 25380, camt: 55, samt: 55 },
    ]);
    // Bills minus credit notes plus debit notes; a cancelled bill and note counted apart.
    expect(summary.register).toEqual({
      count: 10,
      cancelled: 2,
      txval: 180600.5,
      iamt: 28380.06,
      camt: 290,
      samt: 290,
    });
    expect(summary.documents).toEqual({ issued: 12, cancelled: 2 });
    expect(summary.gstr3b).toEqual({
      outwardTaxable: { txval: 177600.5, iamt: 28380.06, camt: 290, samt: 290, csamt: 0 },
      nilExempt: { txval: 3000 },
    });
    expect(summary.problems.map(({ code, entity, label }) => [code, entity, label])).toEqual([
      ['cancelled_bill', 'bill', 'INV/2026-27/0005'],
      ['gstin_check_digit', 'merchant', 'Epsilon Dyes'],
      ['sac_missing', 'bill', 'INV/2026-27/0007'],
    ]);
    expect(summary.problems[1]).toMatchObject({
      entityId: merchantsOfBook.epsilon.id,
      gstin: '29AAACE4444D1ZX',
    });
  });

  it("keeps to the caller's organization", async () => {
    const gstr1 = await getReturn(stranger, 'period=042026');
    expect(gstr1.gstin).toBe(OTHER_SELLER_GSTIN);
    expect(gstr1SchemaErrors(gstr1)).toEqual([]);
    expect(JSON.stringify(gstr1)).not.toContain('INV/2026-27/0002');
    const summary = await getSummary(stranger, 'period=042026');
    expect(summary.register).toMatchObject({ count: 1, txval: 777 });
    expect(summary.problems).toEqual([]);
  });

  it('is empty but valid for a month without bills, and flags a seller without GSTIN', async () => {
    const gstr1 = await getReturn(owner, 'period=012026');
    expect(gstr1).toEqual({ gstin: SELLER_GSTIN, fp: '012026' });
    expect(gstr1SchemaErrors(gstr1)).toEqual([]);
    const lonely = await t.registerUser();
    const summary = await getSummary(lonely, 'period=012026');
    expect(summary.problems).toEqual([
      expect.objectContaining({ code: 'seller_gstin_invalid', entity: 'organization' }),
    ]);
  });
});

describe('GSTR-1 access and input', () => {
  it('refuses staff and the signed-out', async () => {
    const staff = await t.addUser(owner, 'staff');
    const admin = await t.addUser(owner, 'admin');
    for (const path of ['/api/gst/gstr1?period=042026', '/api/gst/gstr1/summary?period=042026']) {
      expect((await t.send(staff, 'GET', path)).json<Body>().code).toBe('forbidden');
      expect((await t.send(staff, 'GET', path)).statusCode).toBe(403);
      expect((await t.send(null, 'GET', path)).statusCode).toBe(401);
      expect((await t.send(admin, 'GET', path)).statusCode).toBe(200);
    }
  });

  it.each([
    ['period=132026', { path: 'period', code: 'invalid_format', params: { format: 'gst_period' } }],
    [
      'period=2026-04',
      { path: 'period', code: 'invalid_format', params: { format: 'gst_period' } },
    ],
    [
      'quarter=2026-Q5',
      { path: 'quarter', code: 'invalid_format', params: { format: 'gst_quarter' } },
    ],
    ['', { path: 'period', code: 'required' }],
    [
      'period=042026&quarter=2026-Q2',
      { path: 'quarter', code: 'invalid_value', params: { rule: 'gst_period_or_quarter' } },
    ],
    ['period=042026&month=4', { path: 'month', code: 'unknown_key' }],
  ])('answers 400 to %s', async (query, error) => {
    for (const route of ['/api/gst/gstr1', '/api/gst/gstr1/summary']) {
      const response = await t.send(owner, 'GET', `${route}?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<Body>();
      expect(body.code).toBe('validation_failed');
      expect(body.errors).toEqual([expect.objectContaining(error)]);
    }
  });
});
