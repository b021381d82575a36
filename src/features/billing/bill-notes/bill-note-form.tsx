import { Button, Group, Modal } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  BILL_NOTE_REASONS,
  billNoteCreate,
  computeNoteFigures,
  type BillNoteCreate,
  type BillNoteKind,
  type BillNoteReason,
} from '../../../../contract/bill-notes.ts';
import type { Bill } from '../../../../contract/bills.ts';
import type { FieldSpec } from '@/components/form-fields';
import { billNotes as billNotesResource } from '@/features/billing/resource';
import { useZodForm } from '@/lib/use-zod-form';
import { todayYmd } from '../bill-preview';
import { GstDocumentForm, useIssueAfterReview } from '../components/gst-document-form';
import { BillNoteReviewDialog } from './bill-note-review-dialog';

type NoteValues = {
  noteDate: string | null;
  reason: BillNoteReason;
  taxableAmount: number | string;
  notes: string;
};

type NoteOutput = Omit<BillNoteCreate, 'billId' | 'kind'>;

const FIELDS: FieldSpec[] = [
  { name: 'noteDate', kind: 'date', props: { clearable: false } },
  {
    name: 'reason',
    kind: 'select',
    options: BILL_NOTE_REASONS,
    optionLabels: 'noteReasons',
    props: { clearable: false, allowDeselect: false },
  },
  { name: 'taxableAmount', kind: 'money' },
  { name: 'notes', kind: 'textarea', props: { rows: 2 } },
];

const blank = (value: unknown) => value === '' || value === null || value === undefined;

/** The inputs as the contract reads them; an empty amount is a missing one, not zero. */
const noteSchema = z.preprocess(
  (raw) => {
    const values = { ...(raw as Record<string, unknown>) };
    if (blank(values.taxableAmount)) delete values.taxableAmount;
    if (blank(values.noteDate)) delete values.noteDate;
    else values.noteDate = dayjs(values.noteDate as string).format('YYYY-MM-DD');
    if (blank(values.notes)) values.notes = null;
    return values;
  },
  billNoteCreate.omit({ billId: true, kind: true }),
);

export interface BillNoteFormProps {
  bill: Bill;
  kind: BillNoteKind;
  onClose: () => void;
}

/**
 * A credit or debit note against the bill: the inputs, then a review with the figures and the
 * number it would take. Only the review's "Issue note" sends it, so only that takes a number; a
 * refused note comes back to these inputs with the server's reasons on them.
 */
export function BillNoteForm({ bill, kind, onClose }: BillNoteFormProps) {
  const { t } = useTranslation(['bills', 'ui']);
  const create = billNotesResource.useCreate();
  const today = todayYmd();
  const form = useZodForm<NoteValues, NoteOutput>({
    schema: noteSchema,
    namespace: 'bills',
    initialValues: {
      noteDate: today < bill.billDate ? bill.billDate : today,
      reason: kind === 'credit' ? 'post_sale_discount' : 'correction_in_invoice',
      taxableAmount: '',
      notes: '',
    },
  });
  const flow = useIssueAfterReview({
    form,
    draftId: `bill-notes:create:${bill._id}:${kind}`,
    create,
    toInput: (reviewed: NoteOutput) => ({ ...reviewed, billId: bill._id, kind }),
    failureKey: 'bills:billNotes.errors.create',
    onIssued: onClose,
  });
  const terms = {
    billType: bill.billType,
    gstRate: bill.gstRate,
    sellerState: bill.seller.state,
    placeOfSupply: bill.placeOfSupply,
  };
  const typed = Number(form.getValues().taxableAmount);
  const preview = computeNoteFigures(Number.isFinite(typed) ? typed : 0, terms);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`billNotes.formTitle.${kind}`, { number: bill.number })}
      size="lg"
      centered
    >
      <GstDocumentForm
        flow={flow}
        fields={FIELDS}
        shape={billNoteCreate.shape}
        figures={{
          figures: preview,
          billType: bill.billType,
          gstRate: bill.gstRate,
          label: t('billNotes.figures'),
          note: t('billNotes.previewNote'),
        }}
        actions={
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={onClose}>
              {t('ui:actions.cancel')}
            </Button>
            <Button type="submit" size="md" disabled={flow.review !== null}>
              {t('billNotes.reviewButton')}
            </Button>
          </Group>
        }
      />
      {flow.review ? (
        <BillNoteReviewDialog
          bill={bill}
          kind={kind}
          note={flow.review}
          figures={computeNoteFigures(flow.review.taxableAmount, terms)}
          issuing={flow.issuing}
          onIssue={flow.issueReviewed}
          onClose={flow.closeReview}
        />
      ) : null}
    </Modal>
  );
}
