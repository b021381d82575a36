import { Button, Group, Modal, Stack } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
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
import { FormFields, type FieldSpec } from '@/components/form-fields';
import { FormNotices, saveFailureText, useFormSafety } from '@/components/form-safety';
import { billNotes as billNotesResource } from '@/features/billing/resource';
import { useZodForm } from '@/lib/use-zod-form';
import { todayYmd } from '../bill-preview';
import { BillFigureRows } from '../components/bill-figure-rows';
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
  const safety = useFormSafety(form, `bill-notes:create:${bill._id}:${kind}`);
  const [failure, setFailure] = useState<string | null>(null);
  const [review, setReview] = useState<NoteOutput | null>(null);
  const terms = {
    billType: bill.billType,
    gstRate: bill.gstRate,
    sellerState: bill.seller.state,
    placeOfSupply: bill.placeOfSupply,
  };
  const typed = Number(form.getValues().taxableAmount);
  const preview = computeNoteFigures(Number.isFinite(typed) ? typed : 0, terms);

  const issue = (body: NoteOutput) => {
    const done = () => {
      setReview(null);
      safety.forgetDraft();
      onClose();
    };
    create.mutate(
      { ...body, billId: bill._id, kind },
      {
        onSuccess: done,
        onQueued: done,
        onError: (error) => {
          setReview(null);
          const unplaced = form.applyServerErrors(error);
          setFailure(saveFailureText(error, unplaced, t, 'bills:billNotes.errors.create'));
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`billNotes.formTitle.${kind}`, { number: bill.number })}
      size="lg"
      centered
    >
      <form
        noValidate
        onSubmit={form.submit((body) => {
          setFailure(null);
          setReview(body);
        })}
      >
        <Stack gap="sm">
          <FormNotices safety={safety} failure={failure} />
          <FormFields fields={FIELDS} form={form} shape={billNoteCreate.shape} namespace="bills" />
          <BillFigureRows
            figures={preview}
            billType={bill.billType}
            gstRate={bill.gstRate}
            label={t('billNotes.figures')}
            note={t('billNotes.previewNote')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={onClose}>
              {t('ui:actions.cancel')}
            </Button>
            <Button type="submit" size="md" disabled={review !== null}>
              {t('billNotes.reviewButton')}
            </Button>
          </Group>
        </Stack>
      </form>
      {review ? (
        <BillNoteReviewDialog
          bill={bill}
          kind={kind}
          note={review}
          figures={computeNoteFigures(review.taxableAmount, terms)}
          issuing={create.isPending && !create.isPaused}
          onIssue={() => issue(review)}
          onClose={() => setReview(null)}
        />
      ) : null}
    </Modal>
  );
}
