import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  computeNoteFigures,
  DEFAULT_NOTE_PREFIXES,
  type BillNote,
  type BillNoteCancel,
  type BillNoteCreate,
  type BillNoteKind,
  type BillNoteNextNumberQuery,
  type BillNoteListParams,
} from '../../../contract/bill-notes.ts';
import type { BillNextNumber, BillStatus, BillType } from '../../../contract/bills.ts';
import { MONEY_MAX } from '../../../contract/common.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { billNotes } from './schema.ts';
import { afterWrite, cancelAuditView, recordAuditor } from '../../lib/audit.ts';
import { refusingNumericOverflow } from '../../lib/db-errors.ts';
import { badRequest, conflict, staleVersion } from '../../lib/http-errors.ts';
import { lockTenantRow } from '../../lib/row-lock.ts';
import { equalsValue, type FilterDefinitions } from '../../lib/list-page.ts';
import { tenantLister } from '../../lib/tenant-list-page.ts';
import type { TenantContext } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/tenant-repository.ts';
import { financialYearOf, formatBillNumber } from '../bills/bill-numbers.ts';
import {
  documentTailRecord,
  recordWithNumbers,
  TAX_FIGURE_FIELDS,
  taxFiguresRecord,
} from '../bills/document-record.ts';
import { noteSeries, peekNumber, takeNumber } from '../bills/number-series.ts';
import { recordIdentity } from '../../lib/sql-values.ts';

const balanceOf = sql`case when bill_notes.kind = 'debit' and bill_notes.status <> 'cancelled'
  then bill_notes.total_amount - bill_notes.paid_amount else 0 end`;

/** The API record of the `bill_notes` row in scope, with its bill's number and date. */
const noteRecord = sql`json_build_object(
  ${recordIdentity('bill_notes')},
  'number', bill_notes.number,
  'kind', bill_notes.kind,
  'billId', bill_notes.bill_id,
  'billNumber', bills.number,
  'billDate', bills.bill_date,
  'merchantId', bill_notes.merchant_id,
  'merchant', bill_notes.merchant,
  'noteDate', bill_notes.note_date,
  'dueDate', bill_notes.due_date,
  'reason', bill_notes.reason,
  'gstRate', bill_notes.gst_rate,
  'sac', bill_notes.sac,
  'placeOfSupply', bill_notes.place_of_supply,
  ${taxFiguresRecord('bill_notes')},
  'appliedAmount', bill_notes.applied_amount,
  'paidAmount', bill_notes.paid_amount,
  'balance', ${balanceOf},
  'status', bill_notes.status,
  'isOverdue', (${balanceOf} > 0 and bill_notes.due_date < current_date),
  ${documentTailRecord('bill_notes')}
)`;

const MONEY_FIELDS = [...TAX_FIGURE_FIELDS, 'appliedAmount', 'paidAmount', 'balance'] as const;

const normalizeNote = (raw: unknown) => recordWithNumbers<BillNote>(raw, MONEY_FIELDS);

const fromNotes = (org: string) => sql`from bill_notes
  join bills on bills.organization_id = ${org} and bills.id = bill_notes.bill_id`;

async function readNote(db: Database, tenant: TenantContext, id: string) {
  const rows = await queryRows<{ record: unknown }>(
    db,
    sql`select ${noteRecord} as record ${fromNotes(tenant.organizationId)}
        where bill_notes.organization_id = ${tenant.organizationId} and bill_notes.id = ${id}`,
  );
  return rows[0] ? normalizeNote(rows[0].record) : undefined;
}

type NoteFilters = Omit<BillNoteListParams, 'page' | 'limit' | 'sort'>;

const noteFilters: FilterDefinitions<NoteFilters> = {
  billId: equalsValue<string>(billNotes.billId),
  merchantId: equalsValue<string>(billNotes.merchantId),
  kind: equalsValue<BillNoteKind>(billNotes.kind),
  startDate: (value) => sql`${billNotes.noteDate} >= ${value}`,
  endDate: (value) => sql`${billNotes.noteDate} <= ${value}`,
};

const sortable = { noteDate: billNotes.noteDate, createdAt: billNotes.createdAt };

interface LockedBill {
  id: string;
  status: BillStatus;
  billType: BillType;
  billDate: string;
  gstRate: number;
  sac: string | null;
  placeOfSupply: string;
  sellerState: string | null;
  taxableAmount: string;
  /** What is left of the bill's taxable amount after its live credit notes. */
  creditableTaxable: string;
}

/**
 * The bill locked for the rest of the transaction, so two credit notes on one bill at once wait
 * for each other and the second sees the first when it checks what is left to credit.
 */
async function lockBill(db: Database, tenant: TenantContext, billId: string) {
  const org = tenant.organizationId;
  const row = await lockTenantRow<LockedBill>(
    db,
    tenant,
    'bills',
    billId,
    sql`id, status, bill_type as "billType", bill_date::text as "billDate",
        gst_rate as "gstRate", sac, place_of_supply as "placeOfSupply",
        seller->>'state' as "sellerState", taxable_amount::text as "taxableAmount"`,
  );
  if (!row) return undefined;
  const [credited] = await queryRows<{ left: string }>(
    db,
    sql`select (${row.taxableAmount}::numeric - coalesce(sum(taxable_amount), 0))::text as left
        from bill_notes
        where organization_id = ${org} and bill_id = ${billId}
          and kind = 'credit' and status <> 'cancelled'`,
  );
  return { ...row, creditableTaxable: credited?.left ?? row.taxableAmount };
}

/** The note prefixes and terms of the organization, as numbers and due dates need them. */
async function readProfile(db: Database, tenant: TenantContext) {
  const [row] = await queryRows<{
    creditNotePrefix: string | null;
    debitNotePrefix: string | null;
    paymentTermsDays: number;
  }>(
    db,
    sql`select credit_note_prefix as "creditNotePrefix", debit_note_prefix as "debitNotePrefix",
          payment_terms_days as "paymentTermsDays"
        from organizations where id = ${tenant.organizationId}`,
  );
  if (!row) throw new Error('The signed-in organization exists');
  return row;
}

const notePrefix = (profile: Awaited<ReturnType<typeof readProfile>>, kind: BillNoteKind) =>
  (kind === 'credit' ? profile.creditNotePrefix : profile.debitNotePrefix) ??
  DEFAULT_NOTE_PREFIXES[kind];

/** A bill's status from what settled it, as the payment allocation trigger works it out. */
const billStatusAfter = (paid: SQL) => sql`case
  when bills.status = 'cancelled' then 'cancelled'
  when ${paid} >= bills.total_amount then 'paid'
  when ${paid} > 0 then 'partly_paid'
  else 'unpaid' end`;

function noteAuditView(record: BillNote): Record<string, unknown> {
  const {
    seller: _seller,
    merchant,
    merchantId: _merchantId,
    balance: _balance,
    isOverdue: _isOverdue,
    billId: _billId,
    ...rest
  } = record;
  return { ...rest, merchant: merchant.name };
}

const auditNote = recordAuditor('billNote', noteAuditView);

/** The note as its create left it, its change on the trail. */
const writtenNote = afterWrite(auditNote, readNote);

const auditNoteCancel = recordAuditor('billNote', cancelAuditView);

function assertCreditable(bill: LockedBill, values: BillNoteCreate) {
  if (values.kind !== 'credit') return;
  const left = Number(bill.creditableTaxable);
  if (values.taxableAmount <= left) return;
  throw badRequest('Validation failed', [
    {
      path: 'taxableAmount',
      code: 'too_big',
      params: { maximum: left },
      message: `Credit notes can take the bill's taxable amount down by ${left.toFixed(2)} more at most`,
    },
  ]);
}

function assertNoteDate(bill: LockedBill, noteDate: string) {
  if (noteDate >= bill.billDate) return;
  throw badRequest('Validation failed', [
    {
      path: 'noteDate',
      code: 'too_small',
      params: { minimum: bill.billDate },
      message: `The note cannot be dated before its bill (${bill.billDate})`,
    },
  ]);
}

async function createNote(
  db: Database,
  tenant: TenantContext,
  values: BillNoteCreate,
): Promise<BillNote> {
  return inTransaction(db, async (tx) => {
    const org = tenant.organizationId;
    const bill = await lockBill(tx, tenant, values.billId);
    if (!bill) {
      throw badRequest('Validation failed', [
        { path: 'billId', code: 'not_found', message: 'Bill not found' },
      ]);
    }
    if (bill.status === 'cancelled') {
      throw conflict('The bill is cancelled: it takes no credit or debit note', {
        code: 'bill_cancelled',
      });
    }
    assertNoteDate(bill, values.noteDate);
    assertCreditable(bill, values);

    const figures = computeNoteFigures(values.taxableAmount, {
      billType: bill.billType,
      gstRate: bill.gstRate,
      sellerState: bill.sellerState,
      placeOfSupply: bill.placeOfSupply,
    });
    const profile = await readProfile(tx, tenant);
    const prefix = notePrefix(profile, values.kind);
    const financialYear = financialYearOf(values.noteDate);
    const sequence = await takeNumber(tx, tenant, noteSeries(values.kind), financialYear);
    const id = uuidv7();
    const money = (rupees: number) => sql`${rupees.toFixed(2)}::numeric`;
    const total = money(figures.total);
    const isCredit = values.kind === 'credit';
    // A credit note settles its bill's balance first; whatever exceeds it is left as credit.
    const applied = isCredit
      ? sql`least(${total}, bills.total_amount - bills.paid_amount)`
      : sql`0::numeric`;
    const dueDate = isCredit
      ? sql`null::date`
      : sql`${values.noteDate}::date + ${profile.paymentTermsDays}::integer`;

    await tx.execute(sql`
      insert into bill_notes (
        organization_id, id, number, kind, bill_id, merchant_id, note_date, due_date, reason,
        gst_rate, sac, place_of_supply, taxable_amount, cgst_amount, sgst_amount, igst_amount,
        round_off, total_amount, applied_amount, status, seller, merchant, notes
      )
      select ${org}, ${id}, ${formatBillNumber(prefix, financialYear, sequence)}, ${values.kind},
        bills.id, bills.merchant_id, ${values.noteDate}::date, ${dueDate}, ${values.reason},
        bills.gst_rate, bills.sac, bills.place_of_supply, ${money(figures.taxable)},
        ${money(figures.cgst)}, ${money(figures.sgst)}, ${money(figures.igst)},
        ${money(figures.roundOff)}, ${total}, ${applied},
        ${isCredit ? 'issued' : 'unpaid'}, bills.seller, bills.merchant, ${values.notes ?? null}
      from bills
      where bills.organization_id = ${org} and bills.id = ${bill.id}`);

    if (isCredit) {
      const paid = sql`bills.paid_amount + bill_notes.applied_amount`;
      await tx.execute(sql`
        update bills set paid_amount = ${paid}, status = ${billStatusAfter(paid)},
          version = bills.version + 1, updated_at = now()
        from bill_notes
        where bills.organization_id = ${org} and bills.id = ${bill.id}
          and bill_notes.organization_id = ${org} and bill_notes.id = ${id}
          and bill_notes.applied_amount > 0`);
    }

    return writtenNote(tx, tenant, id, 'create', undefined);
  });
}

export const billNoteRepository = {
  /** The number the next note of a kind and date would take; nothing is reserved. */
  async nextNumber(
    db: Database,
    tenant: TenantContext,
    query: BillNoteNextNumberQuery,
  ): Promise<BillNextNumber> {
    const profile = await readProfile(db, tenant);
    const prefix = notePrefix(profile, query.kind);
    const financialYear = financialYearOf(query.noteDate);
    const sequence = await peekNumber(db, tenant, noteSeries(query.kind), financialYear);
    return { number: formatBillNumber(prefix, financialYear, sequence), financialYear, sequence };
  },

  list: tenantLister<BillNote, BillNoteListParams>({
    table: billNotes,
    filters: noteFilters,
    defaultSort: '-noteDate',
    sortable,
    record: noteRecord,
    joins: sql`join bills
      on bills.organization_id = bill_notes.organization_id and bills.id = bill_notes.bill_id`,
    normalize: normalizeNote,
  }),

  findById: readNote,

  create(db: Database, tenant: TenantContext, values: BillNoteCreate): Promise<BillNote> {
    return refusingNumericOverflow(
      () => createNote(db, tenant, values),
      () =>
        badRequest('Validation failed', [
          {
            path: 'taxableAmount',
            code: 'too_big',
            params: { maximum: MONEY_MAX },
            message: 'The note total with its tax would be larger than an amount can be',
          },
        ]),
    );
  },

  /**
   * Keeps the number. A credit note gives back to its bill what it settled there; a debit note
   * with payments allocated cannot be cancelled.
   */
  async cancel(
    db: Database,
    tenant: TenantContext,
    id: string,
    values: BillNoteCancel,
  ): Promise<BillNote | undefined> {
    return inTransaction(db, async (tx) => {
      const org = tenant.organizationId;
      const before = await readNote(tx, tenant, id);
      if (!before) return undefined;
      // The bill first, as a new note on it locks it: the two never wait on each other in turn.
      await lockBill(tx, tenant, before.billId);
      const stored = await lockTenantRow<{ version: number; status: string; paid_amount: string }>(
        tx,
        tenant,
        'bill_notes',
        id,
        sql`version, status, paid_amount::text`,
      );
      if (!stored) return undefined;
      if (values.version !== undefined && stored.version !== values.version) {
        throw staleVersion(await readNote(tx, tenant, id));
      }
      if (stored.status === 'cancelled') {
        throw conflict('The note is already cancelled', { code: 'invalid_transition' });
      }
      if (Number(stored.paid_amount) > 0) {
        throw conflict('Payments are allocated to the debit note; move them before cancelling it', {
          code: 'bill_has_payments',
        });
      }
      if (before.kind === 'credit' && before.appliedAmount > 0) {
        const paid = sql`bills.paid_amount - bill_notes.applied_amount`;
        await tx.execute(sql`
          update bills set paid_amount = ${paid}, status = ${billStatusAfter(paid)},
            version = bills.version + 1, updated_at = now()
          from bill_notes
          where bills.organization_id = ${org} and bills.id = ${before.billId}
            and bill_notes.organization_id = ${org} and bill_notes.id = ${id}`);
      }
      await tx.execute(sql`
        update bill_notes set status = 'cancelled', cancelled_at = now(),
          cancel_reason = ${values.reason}, version = version + 1, updated_at = now()
        where organization_id = ${org} and id = ${id}`);
      const after = (await readNote(tx, tenant, id)) as BillNote;
      await auditNoteCancel(tx, tenant, id, 'cancel', { ...before, cancelReason: null }, after);
      return after;
    });
  },
};
