import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BillFigures } from '../../../../contract/bill-figures.ts';
import type { BillNoteCreate, BillNoteKind } from '../../../../contract/bill-notes.ts';
import type { Bill } from '../../../../contract/bills.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useFormatters } from '@/lib/format';
import { billNoteNextNumber } from '@/features/billing/resource';
import { BillFigureRows } from '../components/bill-figure-rows';
import { NumberForecast, ReviewSetting } from '../components/review-parts';

export interface BillNoteReviewDialogProps {
  bill: Bill;
  kind: BillNoteKind;
  note: Omit<BillNoteCreate, 'billId' | 'kind'>;
  figures: BillFigures;
  issuing: boolean;
  onIssue: () => void;
  onClose: () => void;
}

/**
 * The note as it will be issued, before it takes a number: an issued note can only be cancelled,
 * and its number stays on the books.
 */
export function BillNoteReviewDialog({
  bill,
  kind,
  note,
  figures,
  issuing,
  onIssue,
  onClose,
}: BillNoteReviewDialogProps) {
  const { t } = useTranslation('bills');
  const format = useFormatters();
  const next = useQuery(billNoteNextNumber({ kind, noteDate: note.noteDate }));
  return (
    <ConfirmDialog
      opened
      title={t(`billNotes.reviewTitle.${kind}`)}
      size="lg"
      danger={false}
      loading={issuing}
      confirmLabel={t('billNotes.issue')}
      cancelLabel={t('review.back')}
      onConfirm={onIssue}
      onClose={onClose}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
          <ReviewSetting label={t('fields.merchant')} value={bill.merchant.name} />
          <ReviewSetting
            label={t('billNotes.againstBill')}
            value={`${bill.number} · ${format.date(bill.billDate)}`}
          />
          <ReviewSetting label={t('fields.noteDate')} value={format.date(note.noteDate)} />
          <ReviewSetting label={t('fields.reason')} value={t(`noteReasons.${note.reason}`)} />
        </SimpleGrid>
        {note.notes ? <Text size="sm">{note.notes}</Text> : null}
        <BillFigureRows
          figures={figures}
          billType={bill.billType}
          gstRate={bill.gstRate}
          label={t('billNotes.preview')}
        />
        <NumberForecast
          label={t('billNotes.number')}
          forecast={
            next.data
              ? t('billNotes.willTake', { number: next.data.number })
              : t('billNotes.numberUnknown')
          }
          note={t('billNotes.numberNote')}
        />
      </Stack>
    </ConfirmDialog>
  );
}
