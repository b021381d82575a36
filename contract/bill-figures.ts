import type { BillType } from './bills.ts';
import { fromPaise, toPaise } from './money.ts';

export interface BillFiguresInput {
  /** Line amounts in rupees, as the orders carry them. */
  lineAmounts: readonly number[];
  billType: BillType;
  gstRate: number;
  /** The organization's state code; null when the profile has none yet. */
  sellerState: string | null;
  placeOfSupply: string | null;
}

export interface BillFigures {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  roundOff: number;
  total: number;
  /** Whether the tax is split into CGST and SGST (same state) rather than IGST. */
  intraState: boolean;
}

/**
 * A bill's money: the server stores these figures and the billing desk shows them before the bill
 * is issued, so the review and the bill cannot differ. Everything is summed in integer paise so
 * that many lines with fractional rates do not drift by a paisa through floating-point addition;
 * amounts are never negative, so Math.round's half-up is the half-away-from-zero GST rounding.
 */
export function computeBillFigures(input: BillFiguresInput): BillFigures {
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
    taxable: fromPaise(taxablePaise),
    cgst: fromPaise(cgstPaise),
    sgst: fromPaise(sgstPaise),
    igst: fromPaise(igstPaise),
    roundOff: fromPaise(totalPaise - beforeRounding),
    total: fromPaise(totalPaise),
    intraState,
  };
}
