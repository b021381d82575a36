import { sql, type SQL } from 'drizzle-orm';
import { hasValidGstinCheckDigit } from '../../../contract/gst.ts';
import type {
  GstPeriodRange,
  Gstr1Problem,
  Gstr1Return,
  Gstr1Section,
  Gstr1Summary,
} from '../../../contract/gstr1.ts';
import { queryRows, type Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant.ts';

/** Inter-state invoices to unregistered buyers above this value go to B2CL (since August 2024). */
export const B2CL_THRESHOLD = 100_000;

/** The portal takes invoice and note numbers of at most 16 characters. */
const PORTAL_NUMBER_MAX = 16;

/** Karkhana bills job work, a service: its SAC codes have no unit of quantity. */
const SERVICE_UQC = 'NA';

/** Every amount column is read as PostgreSQL's own text, so no sum passes through a float. */
type Amounts = Record<'txval' | 'iamt' | 'camt' | 'samt', string>;

const rupees = (text: string | null | undefined) => Number(text ?? 0);

interface PeriodContext {
  tenant: TenantContext;
  range: GstPeriodRange;
  /** Buyer GSTINs of the period that pass their check digit: only those make a bill B2B. */
  validGstins: string[];
}

/**
 * The period's bills, each placed in the return's section (null for a cancelled one), as the
 * one definition that the return, its summary and the register comparison all read.
 */
function classifiedBills(context: PeriodContext): SQL {
  const { tenant, range, validGstins } = context;
  return sql`
    period_bills as (
      select id, number, bill_date, merchant_id, status, bill_type, sac, total_amount,
        merchant->>'gstin' as ctin, merchant->>'name' as merchant_name,
        place_of_supply as pos,
        case when bill_type = 'bill_of_supply' then 0 else gst_rate end as rt,
        place_of_supply is distinct from seller->>'state' as inter_state,
        coalesce(merchant->>'gstin', '') in (
          select jsonb_array_elements_text(${JSON.stringify(validGstins)}::jsonb)
        ) as registered,
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
    )`;
}

const sumsOf = () =>
  sql.raw(`
  coalesce(sum(txval), 0)::text as txval, coalesce(sum(iamt), 0)::text as iamt,
  coalesce(sum(camt), 0)::text as camt, coalesce(sum(samt), 0)::text as samt`);

interface InvoiceRow extends Amounts {
  section: 'b2b' | 'b2cl';
  ctin: string;
  number: string;
  idt: string;
  val: string;
  pos: string;
  rt: number;
  inter_state: boolean;
}

/** One item per tax rate (a bill has one rate), its taxes as the bill split them. */
function invoiceItem(row: Amounts & { rt: number; inter_state: boolean }, section: string) {
  const taxes = row.inter_state
    ? { iamt: rupees(row.iamt) }
    : { camt: rupees(row.camt), samt: rupees(row.samt) };
  const detail =
    section === 'b2cl'
      ? { txval: rupees(row.txval), rt: row.rt, iamt: rupees(row.iamt), csamt: 0 }
      : { txval: rupees(row.txval), rt: row.rt, ...taxes, csamt: 0 };
  return [{ num: 1, itm_det: detail }];
}

/** Consecutive rows that share a key, in the order the query returned them. */
function groupInOrder<Row, Key extends string>(rows: Row[], keyOf: (row: Row) => Key) {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.entries()];
}

async function invoiceSections(db: Database, context: PeriodContext) {
  const rows = await queryRows<InvoiceRow>(
    db,
    sql`with ${classifiedBills(context)}
      select section, coalesce(ctin, '') as ctin, number, to_char(bill_date, 'DD-MM-YYYY') as idt,
        total_amount::text as val, pos, rt, inter_state,
        txval::text as txval, iamt::text as iamt, camt::text as camt, samt::text as samt
      from classified where section in ('b2b', 'b2cl')
      order by section, ctin, pos, bill_date, number`,
  );
  const invoice = (row: InvoiceRow) => ({
    inum: row.number,
    idt: row.idt,
    val: rupees(row.val),
  });
  const b2b = groupInOrder(
    rows.filter((row) => row.section === 'b2b'),
    (row) => row.ctin,
  ).map(([ctin, invoices]) => ({
    ctin,
    inv: invoices.map((row) => ({
      ...invoice(row),
      pos: row.pos,
      rchrg: 'N',
      inv_typ: 'R',
      itms: invoiceItem(row, 'b2b'),
    })),
  }));
  const b2cl = groupInOrder(
    rows.filter((row) => row.section === 'b2cl'),
    (row) => row.pos,
  ).map(([pos, invoices]) => ({
    pos,
    inv: invoices.map((row) => ({ ...invoice(row), itms: invoiceItem(row, 'b2cl') })),
  }));
  return { b2b, b2cl };
}

async function smallSupplies(db: Database, context: PeriodContext) {
  const rows = await queryRows<Amounts & { inter_state: boolean; pos: string; rt: number }>(
    db,
    sql`with ${classifiedBills(context)}
      select inter_state, pos, rt, ${sumsOf()}
      from classified where section = 'b2cs'
      group by inter_state, pos, rt order by inter_state, pos, rt`,
  );
  return rows.map((row) => ({
    sply_ty: row.inter_state ? 'INTER' : 'INTRA',
    pos: row.pos,
    typ: 'OE',
    rt: row.rt,
    txval: rupees(row.txval),
    ...(row.inter_state
      ? { iamt: rupees(row.iamt) }
      : { camt: rupees(row.camt), samt: rupees(row.samt) }),
    csamt: 0,
  }));
}

/** Table 8: bills of supply are exempt supplies, tax invoices at 0% nil-rated ones. */
async function nilSupplies(db: Database, context: PeriodContext) {
  const rows = await queryRows<{ sply_ty: string; expt_amt: string; nil_amt: string }>(
    db,
    sql`with ${classifiedBills(context)}
      select (case when inter_state then 'INTR' else 'INTRA' end)
          || (case when registered then 'B2B' else 'B2C' end) as sply_ty,
        coalesce(sum(txval) filter (where bill_type = 'bill_of_supply'), 0)::text as expt_amt,
        coalesce(sum(txval) filter (where bill_type <> 'bill_of_supply'), 0)::text as nil_amt
      from classified where section = 'nil'
      group by 1 order by 1`,
  );
  return rows.map((row) => ({
    sply_ty: row.sply_ty,
    expt_amt: rupees(row.expt_amt),
    nil_amt: rupees(row.nil_amt),
    ngsup_amt: 0,
  }));
}

interface HsnRow extends Amounts {
  side: 'hsn_b2b' | 'hsn_b2c';
  hsn_sc: string;
  rt: number;
}

/** Table 12, split as the portal asks since Phase-III: supplies to registered buyers apart. */
async function hsnRows(db: Database, context: PeriodContext) {
  return queryRows<HsnRow>(
    db,
    sql`with ${classifiedBills(context)}
      select case when registered then 'hsn_b2b' else 'hsn_b2c' end as side, sac as hsn_sc, rt,
        ${sumsOf()}
      from classified where section is not null and sac is not null
      group by 1, 2, 3 order by 1, 2, 3`,
  );
}

function hsnTables(rows: HsnRow[]) {
  const table = (side: HsnRow['side']) =>
    rows
      .filter((row) => row.side === side)
      .map((row, index) => ({
        num: index + 1,
        hsn_sc: row.hsn_sc,
        uqc: SERVICE_UQC,
        qty: 0,
        rt: row.rt,
        txval: rupees(row.txval),
        iamt: rupees(row.iamt),
        camt: rupees(row.camt),
        samt: rupees(row.samt),
        csamt: 0,
      }));
  return { hsn_b2b: table('hsn_b2b'), hsn_b2c: table('hsn_b2c') };
}

interface SeriesRow {
  first: string;
  last: string;
  total: number;
  cancelled: number;
}

/**
 * Table 13: each number series (prefix and financial year) of the period, from its first to its
 * last number, cancelled bills counted. Numbers are consecutive, so the count is the range.
 */
async function documentSeries(db: Database, context: PeriodContext) {
  return queryRows<SeriesRow>(
    db,
    sql`with ${classifiedBills(context)}
      select (array_agg(number order by length(number), number))[1] as first,
        (array_agg(number order by length(number) desc, number desc))[1] as last,
        count(*)::int as total, (count(*) filter (where status = 'cancelled'))::int as cancelled
      from classified
      group by regexp_replace(number, '[0-9]+$', '')
      order by 1`,
  );
}

function documentsIssued(series: SeriesRow[]) {
  if (series.length === 0) return undefined;
  return {
    doc_det: [
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: series.map((row, index) => ({
          num: index + 1,
          from: row.first,
          to: row.last,
          totnum: row.total,
          cancel: row.cancelled,
          net_issue: row.total - row.cancelled,
        })),
      },
    ],
  };
}

async function sellerOf(db: Database, tenant: TenantContext) {
  const [row] = await queryRows<{ name: string; gstin: string | null }>(
    db,
    sql`select name, gstin from organizations where id = ${tenant.organizationId}`,
  );
  return row ?? { name: '', gstin: null };
}

async function periodContext(
  db: Database,
  tenant: TenantContext,
  range: GstPeriodRange,
): Promise<PeriodContext> {
  const rows = await queryRows<{ gstin: string }>(
    db,
    sql`select distinct merchant->>'gstin' as gstin from bills
      where organization_id = ${tenant.organizationId}
        and bill_date between ${range.startDate}::date and ${range.endDate}::date
        and coalesce(merchant->>'gstin', '') <> ''`,
  );
  return {
    tenant,
    range,
    validGstins: rows.map((row) => row.gstin).filter((gstin) => hasValidGstinCheckDigit(gstin)),
  };
}

/** Every read of one return sees the same bills, whatever is issued meanwhile. */
function inSnapshot<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function buildReturn(db: Database, tenant: TenantContext, range: GstPeriodRange) {
  const context = await periodContext(db, tenant, range);
  const seller = await sellerOf(db, tenant);
  const { b2b, b2cl } = await invoiceSections(db, context);
  const b2cs = await smallSupplies(db, context);
  const nil = await nilSupplies(db, context);
  const hsn = hsnTables(await hsnRows(db, context));
  const docIssue = documentsIssued(await documentSeries(db, context));
  // The portal wants only the sections that have entries.
  const gstr1: Gstr1Return = { gstin: seller.gstin ?? '', fp: range.fp };
  if (b2b.length > 0) gstr1.b2b = b2b;
  if (b2cl.length > 0) gstr1.b2cl = b2cl;
  if (b2cs.length > 0) gstr1.b2cs = b2cs;
  if (nil.length > 0) gstr1.nil = { inv: nil };
  if (hsn.hsn_b2b.length + hsn.hsn_b2c.length > 0) gstr1.hsn = hsn;
  if (docIssue) gstr1.doc_issue = docIssue;
  return gstr1;
}

async function sectionSums(db: Database, context: PeriodContext) {
  const bills = await queryRows<Amounts & { section: Gstr1Section; count: number }>(
    db,
    sql`with ${classifiedBills(context)}
      select section, count(*)::int as count, ${sumsOf()}
      from classified where section is not null
      group by section`,
  );
  const hsn = await queryRows<Amounts & { section: Gstr1Section; count: number }>(
    db,
    sql`with ${classifiedBills(context)}, hsn as (
        select case when registered then 'hsn_b2b' else 'hsn_b2c' end as side, sac, rt,
          sum(txval) as txval, sum(iamt) as iamt, sum(camt) as camt, sum(samt) as samt
        from classified where section is not null and sac is not null group by 1, 2, 3
      )
      select side as section, count(*)::int as count, ${sumsOf()} from hsn group by side`,
  );
  const order: Gstr1Section[] = ['b2b', 'b2cl', 'b2cs', 'nil', 'hsn_b2b', 'hsn_b2c'];
  return [...bills, ...hsn]
    .sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section))
    .map((row) => ({
      section: row.section,
      count: row.count,
      txval: rupees(row.txval),
      iamt: rupees(row.iamt),
      camt: rupees(row.camt),
      samt: rupees(row.samt),
    }));
}

async function registerAndReturns(db: Database, context: PeriodContext) {
  const [row] = await queryRows<
    Amounts & {
      count: number;
      cancelled: number;
      out_txval: string;
      out_iamt: string;
      out_camt: string;
      out_samt: string;
      nil_txval: string;
    }
  >(
    db,
    sql`with ${classifiedBills(context)}, live as (select * from classified where section is not null)
      select
        (select count(*)::int from live) as count,
        (select count(*)::int from classified where section is null) as cancelled,
        (select coalesce(sum(txval), 0)::text from live) as txval,
        (select coalesce(sum(iamt), 0)::text from live) as iamt,
        (select coalesce(sum(camt), 0)::text from live) as camt,
        (select coalesce(sum(samt), 0)::text from live) as samt,
        ${sql.raw(
          ['txval', 'iamt', 'camt', 'samt']
            .map(
              (field) =>
                `(select coalesce(sum(${field}), 0)::text from live where section <> 'nil') as out_${field}`,
            )
            .join(', '),
        )},
        (select coalesce(sum(txval), 0)::text from live where section = 'nil') as nil_txval`,
  );
  if (!row) throw new Error('The register query returned no row');
  return {
    register: {
      count: row.count,
      cancelled: row.cancelled,
      txval: rupees(row.txval),
      iamt: rupees(row.iamt),
      camt: rupees(row.camt),
      samt: rupees(row.samt),
    },
    gstr3b: {
      outwardTaxable: {
        txval: rupees(row.out_txval),
        iamt: rupees(row.out_iamt),
        camt: rupees(row.out_camt),
        samt: rupees(row.out_samt),
        csamt: 0,
      },
      nilExempt: { txval: rupees(row.nil_txval) },
    },
  };
}

interface ProblemRow {
  code: Gstr1Problem['code'];
  entity: 'merchant' | 'bill';
  entity_id: string;
  label: string;
  gstin: string | null;
}

/** What to fix before filing, each with the record to open. */
async function problemsOf(
  db: Database,
  context: PeriodContext,
  seller: { name: string; gstin: string | null },
): Promise<Gstr1Problem[]> {
  const rows = await queryRows<ProblemRow>(
    db,
    sql`with ${classifiedBills(context)}
      select distinct 'gstin_check_digit' as code, 'merchant' as entity, merchant_id::text as entity_id,
        merchant_name as label, ctin as gstin
      from classified where section is not null and coalesce(ctin, '') <> '' and not registered
      union all
      select 'sac_missing', 'bill', id::text, number, null
      from classified where section is not null and sac is null
      union all
      select 'number_too_long', 'bill', id::text, number, null
      from classified where length(number) > ${PORTAL_NUMBER_MAX}
      union all
      select 'cancelled_bill', 'bill', id::text, number, null
      from classified where section is null
      order by 1, 4`,
  );
  const problems: Gstr1Problem[] = rows.map((row) => ({
    code: row.code,
    entity: row.entity,
    entityId: row.entity_id,
    label: row.label,
    gstin: row.gstin,
  }));
  if (!seller.gstin || !hasValidGstinCheckDigit(seller.gstin)) {
    problems.unshift({
      code: 'seller_gstin_invalid',
      entity: 'organization',
      entityId: context.tenant.organizationId,
      label: seller.name,
      gstin: seller.gstin,
    });
  }
  return problems;
}

async function buildSummary(
  db: Database,
  tenant: TenantContext,
  range: GstPeriodRange,
): Promise<Gstr1Summary> {
  const context = await periodContext(db, tenant, range);
  const seller = await sellerOf(db, tenant);
  const { register, gstr3b } = await registerAndReturns(db, context);
  const series = await documentSeries(db, context);
  return {
    fp: range.fp,
    startDate: range.startDate,
    endDate: range.endDate,
    sections: await sectionSums(db, context),
    register,
    documents: {
      issued: series.reduce((sum, row) => sum + row.total, 0),
      cancelled: series.reduce((sum, row) => sum + row.cancelled, 0),
    },
    gstr3b,
    problems: await problemsOf(db, context, seller),
  };
}

export const gstRepository = {
  gstr1: (db: Database, tenant: TenantContext, range: GstPeriodRange) =>
    inSnapshot(db, (tx) => buildReturn(tx, tenant, range)),
  gstr1Summary: (db: Database, tenant: TenantContext, range: GstPeriodRange) =>
    inSnapshot(db, (tx) => buildSummary(tx, tenant, range)),
};
