import type { BillType } from '../../../contract/bills.ts';

export interface BillPreviewInput {
  /** Line amounts in rupees, as the orders carry them. */
  lineAmounts: readonly number[];
  billType: BillType;
  gstRate: number;
  /** The organization's state code; null when the profile has none yet. */
  sellerState: string | null;
  placeOfSupply: string | null;
}

export interface BillPreview {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  roundOff: number;
  total: number;
  /** Whether the tax is split into CGST and SGST (same state) rather than IGST. */
  intraState: boolean;
}

const toPaise = (rupees: number) => Math.round(rupees * 100);
const toRupees = (paise: number) => paise / 100;

/**
 * The figures a bill would get, for the desk's preview only: the server computes the bill's real
 * figures the same way. Everything is summed in integer paise so that many lines with fractional
 * rates do not drift by a paisa through floating-point addition.
 */
export function previewBill(input: BillPreviewInput): BillPreview {
  const taxablePaise = input.lineAmounts.reduce((sum, amount) => sum + toPaise(amount), 0);
  const taxed = input.billType === 'tax_invoice' && input.gstRate > 0;
  const intraState = input.placeOfSupply !== null && input.placeOfSupply === input.sellerState;
  let cgstPaise = 0;
  let sgstPaise = 0;
  let igstPaise = 0;
  if (taxed && intraState) {
    cgstPaise = Math.round((taxablePaise * input.gstRate) / 200);
    sgstPaise = cgstPaise;
  } else if (taxed) {
    igstPaise = Math.round((taxablePaise * input.gstRate) / 100);
  }
  const beforeRounding = taxablePaise + cgstPaise + sgstPaise + igstPaise;
  const totalPaise = Math.round(beforeRounding / 100) * 100;
  return {
    taxable: toRupees(taxablePaise),
    cgst: toRupees(cgstPaise),
    sgst: toRupees(sgstPaise),
    igst: toRupees(igstPaise),
    roundOff: toRupees(totalPaise - beforeRounding),
    total: toRupees(totalPaise),
    intraState,
  };
}

/** `billDate` plus a number of days, as a calendar date (no time zone involved). */
export function addDays(calendarDate: string, days: number): string {
  const date = new Date(`${calendarDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Today on this device's calendar: a bill made at 1 a.m. in India is dated that day, not UTC's. */
export function todayYmd(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
