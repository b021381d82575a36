import type { BillNote } from '../../../../contract/bill-notes.ts';
import { isGstStateCode } from '../../../../contract/gst.ts';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { Field } from './print-field';
import {
  amountInWords,
  type BillCopy,
  type BillPrintT,
  type DocumentLanguage,
  type PaperSize,
  type TaxRow,
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
  const money = (amount: number) => formatMoney(amount, language);
  const date = (value: string) => formatDate(value, language);
  const state = (code: string | null) =>
    code ? t('document.stateWithCode', { name: stateName(code), code }) : null;
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
      {cancelled ? (
        <div className={classes.watermark} aria-hidden>
          {t('document.cancelled')}
        </div>
      ) : null}
      <header className={classes.titleRow}>
        <h1 className={classes.title}>{t(`document.note.${note.kind}`)}</h1>
        <span className={classes.copyLabel}>{t(`copies.${copy}`)}</span>
      </header>
      {cancelled ? <p className={classes.cancelledNote}>{t('document.cancelled')}</p> : null}

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
        <div className={classes.party}>
          <div className={classes.partyHeading}>{t('document.buyer')}</div>
          <div className={classes.partyName}>{merchant.name}</div>
          {merchant.address ? <div className={classes.address}>{merchant.address}</div> : null}
          {merchant.city ? <div>{merchant.city}</div> : null}
          <Field label={t('document.gstin')} value={merchant.gstin} />
          <Field label={t('document.state')} value={state(merchantState)} />
          <Field label={t('document.placeOfSupply')} value={state(note.placeOfSupply)} />
        </div>
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

      <section className={classes.totalsRow}>
        <div className={classes.words}>
          <div className={classes.partyHeading}>{t('document.amountInWords')}</div>
          <div data-testid="amount-in-words">{amountInWords(note.totalAmount, language, t)}</div>
        </div>
        <table className={classes.totals}>
          <tbody>
            <tr>
              <th>{t('document.taxableValue')}</th>
              <td>{money(note.taxableAmount)}</td>
            </tr>
            {taxes.map((row) => (
              <tr key={row.kind}>
                <th>{t(`document.${row.kind}`, { rate: formatNumber(row.rate, language) })}</th>
                <td>{money(row.amount)}</td>
              </tr>
            ))}
            {note.roundOff !== 0 ? (
              <tr>
                <th>{t('document.roundOff')}</th>
                <td>{money(note.roundOff)}</td>
              </tr>
            ) : null}
            <tr className={classes.grandTotal}>
              <th>{t('document.total')}</th>
              <td>{money(note.totalAmount)}</td>
            </tr>
          </tbody>
        </table>
      </section>

      {note.notes ? (
        <section className={classes.terms}>
          <div className={classes.partyHeading}>{t('document.notes')}</div>
          <div className={classes.address}>{note.notes}</div>
        </section>
      ) : null}

      <footer className={classes.footer}>
        <div className={classes.terms} />
        <div className={classes.signature}>
          <div>{t('document.forSeller', { name: sellerName })}</div>
          <div className={classes.signatureSpace} />
          <div>{t('document.signatory')}</div>
        </div>
      </footer>
    </article>
  );
}
