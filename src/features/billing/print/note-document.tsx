import type { BillNote } from '../../../../contract/bill-notes.ts';
import { isGstStateCode } from '../../../../contract/gst.ts';
import {
  BuyerParty,
  DocumentClosing,
  DocumentHeading,
  TotalsSection,
  documentFormat,
} from './document-parts';
import { Field } from './print-field';
import type {
  BillCopy,
  BillPrintT,
  DocumentLanguage,
  PaperSize,
  TaxRow,
} from './bill-document-model';
import classes from '@/components/print-sheet.module.css';

export interface NoteDocumentProps {
  note: BillNote;
  language: DocumentLanguage;
  paper: PaperSize;
  copy: BillCopy;
  t: BillPrintT;
  stateName: (code: string) => string;
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
export function NoteDocument({ note, language, paper, copy, t, stateName }: NoteDocumentProps) {
  const { money, date, state } = documentFormat(language, t, stateName);
  const { seller, merchant } = note;
  const taxes = noteTaxRows(note);
  const cancelled = note.status === 'cancelled';
  const sellerName = seller.legalName ?? seller.name;
  const sellerPlace = [seller.city, seller.pincode].filter(Boolean).join(' - ');
  const merchantState = merchant.state && isGstStateCode(merchant.state) ? merchant.state : null;
  const reason = t(`document.note.reasons.${note.reason}`);

  return (
    <article
      className={classes.sheet}
      data-paper={paper}
      lang={language}
      aria-label={note.number}
      data-testid="note-document"
    >
      <DocumentHeading
        title={t(`document.note.${note.kind}`)}
        copy={copy}
        cancelled={cancelled}
        t={t}
      />

      <section className={classes.parties}>
        <div className={classes.party}>
          <div className={classes.partyHeading}>{t('document.seller')}</div>
          <div className={classes.partyName}>{sellerName}</div>
          {seller.address ? <div className={classes.address}>{seller.address}</div> : null}
          {sellerPlace ? <div>{sellerPlace}</div> : null}
          <Field label={t('document.state')} value={state(seller.state)} />
          <Field label={t('document.gstin')} value={seller.gstin} />
          <Field label={t('document.phone')} value={seller.phone} />
        </div>
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

      <table className={classes.lines}>
        <thead>
          <tr>
            <th className={classes.numeric}>{t('document.lines.index')}</th>
            <th>{t('document.note.description')}</th>
            <th>{t('document.lines.sac')}</th>
            <th className={classes.numeric}>{t('document.taxableValue')}</th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>

      <TotalsSection figures={note} taxes={taxes} language={language} t={t} />

      <DocumentClosing notes={note.notes} sellerName={sellerName} t={t} />
    </article>
  );
}
