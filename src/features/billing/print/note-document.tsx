import type { BillNote } from '../../../../contract/bill-notes.ts';
import type { DocumentSettings, TaxRow } from './bill-document-model';
import { DocumentSheet, LinesTable, TotalsSection, documentContext } from './document-parts';
import { Field } from './print-field';
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
  const { language, t, money, date } = documentContext(note, settings);
  const taxes = noteTaxRows(note);
  const reason = t(`document.note.reasons.${note.reason}`);

  return (
    <DocumentSheet
      record={note}
      settings={settings}
      testId="note-document"
      title={t(`document.note.${note.kind}`)}
      sellerLines={<Field label={t('document.phone')} value={note.seller.phone} />}
      reference={
        <>
          <Field label={t('document.note.number')} value={note.number} unbroken />
          <Field label={t('document.note.date')} value={date(note.noteDate)} unbroken />
          <Field label={t('document.note.invoiceNumber')} value={note.billNumber} unbroken />
          <Field label={t('document.note.invoiceDate')} value={date(note.billDate)} unbroken />
          {note.dueDate ? (
            <Field label={t('document.dueDate')} value={date(note.dueDate)} unbroken />
          ) : null}
          <Field label={t('document.note.reason')} value={reason} />
        </>
      }
    >
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
    </DocumentSheet>
  );
}
