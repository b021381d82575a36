import type { BillNote } from '../../../../contract/bill-notes.ts';
import { isGstStateCode } from '../../../../contract/gst.ts';
import {
  BuyerParty,
  DocumentClosing,
  DocumentSheet,
  LinesTable,
  SellerParty,
  TotalsSection,
  documentFormat,
  type DocumentSettings,
} from './document-parts';
import { Field } from './print-field';
import type { TaxRow } from './bill-document-model';
import classes from '@/components/print-sheet.module.css';

export interface NoteDocumentProps {
  note: BillNote;
  settings: DocumentSettings;
}

/** The note's tax as it was split: CGST and SGST, IGST, or none when the bill carried none. */
function noteTaxRows(note: BillNote): TaxRow[] {
  if (note.cgstAmount > 0 || note.sgstAmount > 0) {
    const half = note.gstRate / 2;
    return [
      { kind: 'cgst', rate: half, amount: note.cgstAmount },
      { kind: 'sgst', rate: half, amount: note.sgstAmount },
    ];
  }
  return note.igstAmount > 0 ? [{ kind: 'igst', rate: note.gstRate, amount: note.igstAmount }] : [];
}

/**
 * A printed credit or debit note: the parties as on the bill, the original invoice's number and
 * date (which the law requires a note to name), the reason, and the figures.
 */
export function NoteDocument({ note, settings }: NoteDocumentProps) {
  const { language, t } = settings;
  const { money, date, state } = documentFormat(language, t, settings.stateName);
  const { seller, merchant } = note;
  const taxes = noteTaxRows(note);
  const cancelled = note.status === 'cancelled';
  const sellerName = seller.legalName ?? seller.name;
  const merchantState = merchant.state && isGstStateCode(merchant.state) ? merchant.state : null;
  const reason = t(`document.note.reasons.${note.reason}`);

  return (
    <DocumentSheet
      settings={settings}
      number={note.number}
      testId="note-document"
      title={t(`document.note.${note.kind}`)}
      cancelled={cancelled}
    >
      <section className={classes.parties}>
        <SellerParty seller={seller} t={t} state={state}>
          <Field label={t('document.phone')} value={seller.phone} />
        </SellerParty>
        <BuyerParty
          merchant={merchant}
          merchantState={merchantState}
          placeOfSupply={note.placeOfSupply}
          t={t}
          state={state}
        />
        <div className={classes.party}>
          <Field label={t('document.note.number')} value={note.number} unbroken />
          <Field label={t('document.note.date')} value={date(note.noteDate)} unbroken />
          <Field label={t('document.note.invoiceNumber')} value={note.billNumber} unbroken />
          <Field label={t('document.note.invoiceDate')} value={date(note.billDate)} unbroken />
          {note.dueDate ? (
            <Field label={t('document.dueDate')} value={date(note.dueDate)} unbroken />
          ) : null}
          <Field label={t('document.note.reason')} value={reason} />
        </div>
      </section>

      <LinesTable
        t={t}
        columns={[
          { label: t('document.note.description') },
          { label: t('document.lines.sac') },
          { label: t('document.taxableValue'), numeric: true },
        ]}
      >
        <tr>
          <td className={classes.numeric}>1</td>
          <td>
            {t('document.note.line', {
              reason,
              number: note.billNumber,
              date: date(note.billDate),
            })}
          </td>
          <td>{note.sac}</td>
          <td className={classes.numeric}>{money(note.taxableAmount)}</td>
        </tr>
      </LinesTable>

      <TotalsSection figures={note} taxes={taxes} language={language} t={t} />

      <DocumentClosing notes={note.notes} sellerName={sellerName} t={t} />
    </DocumentSheet>
  );
}
