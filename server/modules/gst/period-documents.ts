import { sql, type SQL } from 'drizzle-orm';
import { hasValidGstinCheckDigit } from '../../../contract/gst.ts';
import type { GstPeriodRange } from '../../../contract/gstr1.ts';
import { queryRows, type Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant.ts';

/** Inter-state invoices to unregistered buyers above this value go to B2CL (since August 2024). */
const B2CL_THRESHOLD = 100_000;

export interface PeriodContext {
  tenant: TenantContext;
  range: GstPeriodRange;
  /** Buyer GSTINs of the period that pass their check digit: only those make a supply B2B. */
  validGstins: string[];
}

/** Every amount column is read as PostgreSQL's own text, so no sum passes through a float. */
export type Amounts = Record<'txval' | 'iamt' | 'camt' | 'samt', string>;

export const rupees = (text: string | null | undefined) => Number(text ?? 0);

/** Signed sums of `documents` (a credit note counts against its bill). */
export const signedSums = () =>
  sql.raw(`
  coalesce(sum(sign * txval), 0)::text as txval, coalesce(sum(sign * iamt), 0)::text as iamt,
  coalesce(sum(sign * camt), 0)::text as camt, coalesce(sum(sign * samt), 0)::text as samt`);

/**
 * The period's bills and credit and debit notes, each placed in the return's section (null when
 * cancelled): the one definition that the return, its summary and the register comparison read.
 * `classified` holds the bills, `classified_notes` the notes, `documents` both with `sign` (-1
 * for a credit note), so a section's sums are net of its notes.
 *
 * A note to a registered buyer goes to CDNR; one to an unregistered buyer to CDNUR when its bill
 * was a B2CL invoice, otherwise it corrects B2CS (or, at rate 0, the nil table), as the portal
 * asks: B2CS and Table 8 are reported net of their notes.
 */
export function periodDocuments(context: PeriodContext): SQL {
  const { tenant, range, validGstins } = context;
  const registered = (table: string) =>
    sql`coalesce(${sql.raw(table)}.merchant->>'gstin', '') in (
      select jsonb_array_elements_text(${JSON.stringify(validGstins)}::jsonb))`;
  return sql`
    period_bills as (
      select id, number, bill_date, merchant_id, status, bill_type, sac, total_amount,
        merchant->>'gstin' as ctin, merchant->>'name' as merchant_name,
        place_of_supply as pos,
        case when bill_type = 'bill_of_supply' then 0 else gst_rate end as rt,
        place_of_supply is distinct from seller->>'state' as inter_state,
        ${registered('bills')} as registered,
        taxable_amount as txval, igst_amount as iamt, cgst_amount as camt, sgst_amount as samt
      from bills
      where organization_id = ${tenant.organizationId}
        and bill_date between ${range.startDate}::date and ${range.endDate}::date
    ),
    classified as (
      select *,
        case
          when status = 'cancelled' then null
          when rt = 0 then 'nil'
          when registered then 'b2b'
          when inter_state and total_amount > ${B2CL_THRESHOLD} then 'b2cl'
          else 'b2cs'
        end as section
      from period_bills
    ),
    period_notes as (
      select n.id, n.number, n.kind, n.note_date, n.status, b.bill_type, n.sac, n.total_amount,
        n.merchant->>'gstin' as ctin, n.place_of_supply as pos,
        case when b.bill_type = 'bill_of_supply' then 0 else n.gst_rate end as rt,
        n.place_of_supply is distinct from n.seller->>'state' as inter_state,
        ${registered('n')} as registered,
        b.total_amount > ${B2CL_THRESHOLD}
          and b.place_of_supply is distinct from b.seller->>'state' as large_bill,
        case when n.kind = 'credit' then -1 else 1 end as sign,
        n.taxable_amount as txval, n.igst_amount as iamt, n.cgst_amount as camt,
        n.sgst_amount as samt
      from bill_notes n
      join bills b on b.organization_id = n.organization_id and b.id = n.bill_id
      where n.organization_id = ${tenant.organizationId}
        and n.note_date between ${range.startDate}::date and ${range.endDate}::date
    ),
    classified_notes as (
      select *,
        case
          when status = 'cancelled' then null
          when rt = 0 then 'nil'
          when registered then 'cdnr'
          when large_bill then 'cdnur'
          else 'b2cs'
        end as section
      from period_notes
    ),
    documents as (
      select section, registered, inter_state, pos, rt, sac, bill_type, 1 as sign,
        txval, iamt, camt, samt
      from classified
      union all
      select section, registered, inter_state, pos, rt, sac, bill_type, sign,
        txval, iamt, camt, samt
      from classified_notes
    )`;
}

/** The buyer GSTINs of the period's bills and notes that pass their check digit. */
export async function periodContext(
  db: Database,
  tenant: TenantContext,
  range: GstPeriodRange,
): Promise<PeriodContext> {
  const rows = await queryRows<{ gstin: string }>(
    db,
    sql`select merchant->>'gstin' as gstin from bills
      where organization_id = ${tenant.organizationId}
        and bill_date between ${range.startDate}::date and ${range.endDate}::date
      union
      select merchant->>'gstin' from bill_notes
      where organization_id = ${tenant.organizationId}
        and note_date between ${range.startDate}::date and ${range.endDate}::date`,
  );
  return {
    tenant,
    range,
    validGstins: rows
      .map((row) => row.gstin)
      .filter((gstin): gstin is string => !!gstin && hasValidGstinCheckDigit(gstin)),
  };
}

export interface SeriesRow {
  kind: 'invoice' | 'debit' | 'credit';
  first: string;
  last: string;
  total: number;
  cancelled: number;
}

/**
 * Table 13: each number series (prefix and financial year) of the period, from its first to its
 * last number, cancelled documents counted. Numbers are consecutive, so the count is the range.
 */
export async function documentSeries(db: Database, context: PeriodContext) {
  return queryRows<SeriesRow>(
    db,
    sql`with ${periodDocuments(context)}, numbered as (
        select 'invoice' as kind, number, status from classified
        union all
        select kind, number, status from classified_notes
      )
      select kind, (array_agg(number order by length(number), number))[1] as first,
        (array_agg(number order by length(number) desc, number desc))[1] as last,
        count(*)::int as total, (count(*) filter (where status = 'cancelled'))::int as cancelled
      from numbered
      group by kind, regexp_replace(number, '[0-9]+$', '')
      order by kind = 'invoice' desc, kind = 'debit' desc, 2`,
  );
}

/** The portal's Table 13 natures of document. */
const DOCUMENT_NATURES = {
  invoice: { doc_num: 1, doc_typ: 'Invoices for outward supply' },
  debit: { doc_num: 4, doc_typ: 'Debit Note' },
  credit: { doc_num: 5, doc_typ: 'Credit Note' },
} as const;

export function documentsIssued(series: SeriesRow[]) {
  if (series.length === 0) return undefined;
  const kinds = (['invoice', 'debit', 'credit'] as const).filter((kind) =>
    series.some((row) => row.kind === kind),
  );
  return {
    doc_det: kinds.map((kind) => ({
      ...DOCUMENT_NATURES[kind],
      docs: series
        .filter((row) => row.kind === kind)
        .map((row, index) => ({
          num: index + 1,
          from: row.first,
          to: row.last,
          totnum: row.total,
          cancel: row.cancelled,
          net_issue: row.total - row.cancelled,
        })),
    })),
  };
}
