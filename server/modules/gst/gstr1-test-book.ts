import { Ajv2020 } from 'ajv/dist/2020.js';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { gstr1JsonSchema } from '../../../contract/gstr1-schema.ts';
import type { TestApp, TestUser } from '../../test/test-app.ts';

/** Rupees as two-decimal text, the way numeric(14,2) takes them without a float in between. */
type Money = string;

export interface BookMerchant {
  id: string;
  name: string;
  gstin: string | null;
  state: string;
}

/** What a bill and a note both carry: the buyer, where the supply went and the tax on it. */
interface BookDocument {
  number: string;
  merchant: BookMerchant;
  placeOfSupply: string;
  gstRate: number;
  sac: string | null;
  taxable: Money;
  cgst: Money;
  sgst: Money;
  igst: Money;
  total: Money;
}

export interface BookBill extends BookDocument {
  billDate: string;
  billType?: 'tax_invoice' | 'bill_of_supply';
  roundOff: Money;
  status?: 'unpaid' | 'cancelled';
}

const orgOf = (user: TestUser) => user.auth.organization._id;

export async function setSeller(t: TestApp, user: TestUser, gstin: string | null, state: string) {
  await t.database.handle.db.execute(sql`
    update organizations set gstin = ${gstin}, state = ${state} where id = ${orgOf(user)}`);
}

export async function addMerchant(
  t: TestApp,
  user: TestUser,
  name: string,
  gstin: string | null,
  state: string,
): Promise<BookMerchant> {
  const id = uuidv7();
  await t.database.handle.db.execute(sql`
    insert into merchants (organization_id, id, name, gstin, state)
    values (${orgOf(user)}, ${id}, ${name}, ${gstin}, ${state})`);
  return { id, name, gstin, state };
}

/** The buyer as a document keeps a copy of it. */
const merchantSnapshot = (merchant: BookMerchant) => ({
  _id: merchant.id,
  name: merchant.name,
  gstin: merchant.gstin,
  state: merchant.state,
  address: null,
  city: null,
  phone: null,
});

/**
 * A bill written as issued, figures and snapshots included: the return reads only what a bill
 * stores, so the book is exactly what the test says it is.
 */
export async function insertBill(t: TestApp, user: TestUser, bill: BookBill, sellerState: string) {
  const id = uuidv7();
  const merchant = merchantSnapshot(bill.merchant);
  await t.database.handle.db.execute(sql`
    insert into bills (organization_id, id, number, merchant_id, bill_date, due_date, bill_type,
      gst_rate, sac, place_of_supply, taxable_amount, cgst_amount, sgst_amount, igst_amount,
      round_off, total_amount, status, seller, merchant)
    values (${orgOf(user)}, ${id}, ${bill.number}, ${bill.merchant.id}, ${bill.billDate}::date,
      ${bill.billDate}::date, ${bill.billType ?? 'tax_invoice'}, ${bill.gstRate}, ${bill.sac},
      ${bill.placeOfSupply}, ${bill.taxable}::numeric, ${bill.cgst}::numeric,
      ${bill.sgst}::numeric, ${bill.igst}::numeric, ${bill.roundOff}::numeric,
      ${bill.total}::numeric, ${bill.status ?? 'unpaid'},
      ${JSON.stringify({ state: sellerState })}::jsonb, ${JSON.stringify(merchant)}::jsonb)`);
  return id;
}

export interface BookNote extends BookDocument {
  kind: 'credit' | 'debit';
  billId: string;
  noteDate: string;
  cancelled?: boolean;
}

/** A credit or debit note written as issued against `billId`, like `insertBill`. */
export async function insertNote(t: TestApp, user: TestUser, note: BookNote, sellerState: string) {
  const merchant = merchantSnapshot(note.merchant);
  const status = note.cancelled ? 'cancelled' : note.kind === 'credit' ? 'issued' : 'unpaid';
  await t.database.handle.db.execute(sql`
    insert into bill_notes (organization_id, id, number, kind, bill_id, merchant_id, note_date,
      due_date, reason, gst_rate, sac, place_of_supply, taxable_amount, cgst_amount, sgst_amount,
      igst_amount, round_off, total_amount, status, seller, merchant)
    values (${orgOf(user)}, ${uuidv7()}, ${note.number}, ${note.kind}, ${note.billId},
      ${note.merchant.id}, ${note.noteDate}::date,
      ${note.kind === 'debit' ? note.noteDate : null}::date, 'others', ${note.gstRate},
      ${note.sac}, ${note.placeOfSupply}, ${note.taxable}::numeric, ${note.cgst}::numeric,
      ${note.sgst}::numeric, ${note.igst}::numeric, 0, ${note.total}::numeric, ${status},
      ${JSON.stringify({ state: sellerState })}::jsonb, ${JSON.stringify(merchant)}::jsonb)`);
}

const ajv = new Ajv2020({ allErrors: true, strict: true, multipleOfPrecision: 6 });
const validateGstr1 = ajv.compile(gstr1JsonSchema);

/** The schema's complaints about a return, empty when the portal's format accepts it. */
export function gstr1SchemaErrors(value: unknown): string[] {
  if (validateGstr1(value)) return [];
  return (validateGstr1.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}
