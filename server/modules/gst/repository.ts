import { sql } from 'drizzle-orm';
import { hasValidGstinCheckDigit } from '../../../contract/gst.ts';
import {
  GSTR1_SECTIONS,
  type GstPeriodRange,
  type Gstr1Problem,
  type Gstr1Return,
  type Gstr1Section,
  type Gstr1Summary,
} from '../../../contract/gstr1.ts';
import { queryRows, type Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant.ts';
import {
  documentSeries,
  documentsIssued,
  periodContext,
  periodDocuments,
  rupees,
  signedSums,
  type Amounts,
  type PeriodContext,
} from './period-documents.ts';

/** The portal takes invoice and note numbers of at most 16 characters. */
const PORTAL_NUMBER_MAX = 16;

/** Karkhana bills job work, a service: its SAC codes have no unit of quantity. */
const SERVICE_UQC = 'NA';

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
    sql`with ${periodDocuments(context)}
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

interface NoteRow extends Amounts {
  section: 'cdnr' | 'cdnur';
  ctin: string;
  ntty: 'C' | 'D';
  nt_num: string;
  nt_dt: string;
  val: string;
  pos: string;
  rt: number;
  inter_state: boolean;
}

/** CDNR by the buyer's GSTIN and CDNUR (notes on B2CL invoices), amounts as on the note. */
async function noteSections(db: Database, context: PeriodContext) {
  const rows = await queryRows<NoteRow>(
    db,
    sql`with ${periodDocuments(context)}
      select section, coalesce(ctin, '') as ctin,
        case when kind = 'credit' then 'C' else 'D' end as ntty, number as nt_num,
        to_char(note_date, 'DD-MM-YYYY') as nt_dt, total_amount::text as val, pos, rt,
        inter_state, txval::text as txval, iamt::text as iamt, camt::text as camt,
        samt::text as samt
      from classified_notes where section in ('cdnr', 'cdnur')
      order by section, ctin, note_date, number`,
  );
  const note = (row: NoteRow) => ({
    ntty: row.ntty,
    nt_num: row.nt_num,
    nt_dt: row.nt_dt,
    val: rupees(row.val),
    pos: row.pos,
  });
  const cdnr = groupInOrder(
    rows.filter((row) => row.section === 'cdnr'),
    (row) => row.ctin,
  ).map(([ctin, notes]) => ({
    ctin,
    nt: notes.map((row) => ({
      ...note(row),
      rchrg: 'N',
      inv_typ: 'R',
      itms: invoiceItem(row, 'cdnr'),
    })),
  }));
  const cdnur = rows
    .filter((row) => row.section === 'cdnur')
    .map((row) => ({ typ: 'B2CL', ...note(row), itms: invoiceItem(row, 'b2cl') }));
  return { cdnr, cdnur };
}

async function smallSupplies(db: Database, context: PeriodContext) {
  const rows = await queryRows<Amounts & { inter_state: boolean; pos: string; rt: number }>(
    db,
    sql`with ${periodDocuments(context)}
      select inter_state, pos, rt, ${signedSums()}
      from documents where section = 'b2cs'
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
    sql`with ${periodDocuments(context)}
      select (case when inter_state then 'INTR' else 'INTRA' end)
          || (case when registered then 'B2B' else 'B2C' end) as sply_ty,
        coalesce(sum(sign * txval) filter (where bill_type = 'bill_of_supply'), 0)::text
          as expt_amt,
        coalesce(sum(sign * txval) filter (where bill_type <> 'bill_of_supply'), 0)::text
          as nil_amt
      from documents where section = 'nil'
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
    sql`with ${periodDocuments(context)}
      select case when registered then 'hsn_b2b' else 'hsn_b2c' end as side, sac as hsn_sc, rt,
        ${signedSums()}
      from documents where section is not null and sac is not null
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

async function sellerOf(db: Database, tenant: TenantContext) {
  const [row] = await queryRows<{ name: string; gstin: string | null }>(
    db,
    sql`select name, gstin from organizations where id = ${tenant.organizationId}`,
  );
  return row ?? { name: '', gstin: null };
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
  const { cdnr, cdnur } = await noteSections(db, context);
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
  if (cdnr.length > 0) gstr1.cdnr = cdnr;
  if (cdnur.length > 0) gstr1.cdnur = cdnur;
  if (hsn.hsn_b2b.length + hsn.hsn_b2c.length > 0) gstr1.hsn = hsn;
  if (docIssue) gstr1.doc_issue = docIssue;
  return gstr1;
}

async function sectionSums(db: Database, context: PeriodContext) {
  const sections = await queryRows<Amounts & { section: Gstr1Section; count: number }>(
    db,
    sql`with ${periodDocuments(context)}
      select section, count(*)::int as count, ${signedSums()}
      from documents where section is not null
      group by section`,
  );
  const hsn = await queryRows<Amounts & { section: Gstr1Section; count: number }>(
    db,
    sql`with ${periodDocuments(context)}, hsn as (
        select case when registered then 'hsn_b2b' else 'hsn_b2c' end as side, sac, rt,
          sum(sign * txval) as txval, sum(sign * iamt) as iamt, sum(sign * camt) as camt,
          sum(sign * samt) as samt, 1 as sign
        from documents where section is not null and sac is not null group by 1, 2, 3
      )
      select side as section, count(*)::int as count, ${signedSums()} from hsn group by side`,
  );
  return [...sections, ...hsn]
    .sort((a, b) => GSTR1_SECTIONS.indexOf(a.section) - GSTR1_SECTIONS.indexOf(b.section))
    .map((row) => ({
      section: row.section,
      count: row.count,
      txval: rupees(row.txval),
      iamt: rupees(row.iamt),
      camt: rupees(row.camt),
      samt: rupees(row.samt),
    }));
}

/**
 * The register read straight from the period's bills and notes by their status alone (bills
 * minus credit notes plus debit notes), so it checks the sections rather than repeating them;
 * and GSTR-3B 3.1 from the sections.
 */
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
    sql`with ${periodDocuments(context)},
      register as (
        select status, 1 as sign, txval, iamt, camt, samt from period_bills
        union all
        select status, sign, txval, iamt, camt, samt from period_notes
      ),
      live as (select * from register where status <> 'cancelled'),
      supplies as (select * from documents where section is not null)
      select
        (select count(*)::int from live) as count,
        (select count(*)::int from register where status = 'cancelled') as cancelled,
        ${sql.raw(
          ['txval', 'iamt', 'camt', 'samt']
            .map(
              (field) =>
                `(select coalesce(sum(sign * ${field}), 0)::text from live) as ${field},
                (select coalesce(sum(sign * ${field}), 0)::text from supplies
                  where section <> 'nil') as out_${field}`,
            )
            .join(', '),
        )},
        (select coalesce(sum(sign * txval), 0)::text from supplies where section = 'nil')
          as nil_txval`,
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
    sql`with ${periodDocuments(context)}
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
