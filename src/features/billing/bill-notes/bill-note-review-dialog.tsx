import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BillFigures } from '../../../../contract/bill-figures.ts';
import type { BillNoteCreate, BillNoteKind } from '../../../../contract/bill-notes.ts';
import type { Bill } from '../../../../contract/bills.ts';
import { useFormatters } from '@/lib/format';
import { billNoteNextNumber } from '@/features/billing/resource';
import { DocumentReviewDialog, type ReviewActions } from '../components/review-parts';

export interface BillNoteReviewDialogProps extends ReviewActions {
  bill: Bill;
  kind: BillNoteKind;
  note: Omit<BillNoteCreate, 'billId' | 'kind'>;
  figures: BillFigures;
}

/**
 * The note as it will be issued, before it takes a number: an issued note can only be cancelled,
 * and its number stays on the books.
 */
export function BillNoteReviewDialog(props: BillNoteReviewDialogProps) {
  const { bill, kind, note, figures, ...actions } = props;
  const { t } = useTranslation('bills');
  const format = useFormatters();
  const next = useQuery(billNoteNextNumber({ kind, noteDate: note.noteDate }));
  return (
    <DocumentReviewDialog
      opened
      title={t(`billNotes.reviewTitle.${kind}`)}
      size="lg"
      texts="billNotes"
      {...actions}
      settings={[
        { label: t('fields.merchant'), value: bill.merchant.name },
        {
          label: t('billNotes.againstBill'),
          value: `${bill.number} · ${format.date(bill.billDate)}`,
        },
        { label: t('fields.noteDate'), value: format.date(note.noteDate) },
        { label: t('fields.reason'), value: t(`noteReasons.${note.reason}`) },
      ]}
      figures={figures}
      taxedAs={bill}
      nextNumber={next.data?.number}
    >
      {note.notes ? <Text size="sm">{note.notes}</Text> : null}
    </DocumentReviewDialog>
  );
}
