import { Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormFields, type FieldSpec } from '@/components/form-fields';
import { FormNotices, saveFailureText, useFormSafety } from '@/components/form-safety';
import type { KeyedMutationResult } from '@/lib/resource-writes';
import type { TranslationKey } from '@/lib/translation-keys';
import type { ZodForm } from '@/lib/use-zod-form';
import { BillFigureRows, type BillFigureRowsProps } from './bill-figure-rows';

export interface IssueAfterReviewOptions<
  Values extends Record<string, unknown>,
  Output,
  Input,
  Result,
> {
  form: ZodForm<Values, Output>;
  /** Where the typed inputs are kept as a draft until the document is issued. */
  draftId: string;
  create: KeyedMutationResult<Result, Input>;
  /** The request body for the reviewed inputs. */
  toInput: (reviewed: Output) => Input;
  failureKey: TranslationKey;
  /** The failure as shown above the inputs; by default the reason no input could show. */
  describeFailure?: (reason: string | null, error: unknown, unplaced: string[]) => string | null;
  /** The document issued, or null when it was queued to be sent once online. */
  onIssued: (issued: Result | null) => void;
}

/**
 * A bill's and a note's one way to issue: the inputs open a review, and only the review's button
 * sends the document, so only that takes a number. A refused document closes the review and comes
 * back to the inputs with the server's reasons on them; the draft is kept until it is issued.
 */
export function useIssueAfterReview<Values extends Record<string, unknown>, Output, Input, Result>({
  form,
  draftId,
  create,
  toInput,
  failureKey,
  describeFailure,
  onIssued,
}: IssueAfterReviewOptions<Values, Output, Input, Result>) {
  const { t } = useTranslation(['bills', 'ui']);
  const safety = useFormSafety(form, draftId);
  const [failure, setFailure] = useState<string | null>(null);
  const [review, setReview] = useState<Output | null>(null);

  const issueReviewed = () => {
    if (review === null) return;
    const done = (issued: Result | null) => {
      setReview(null);
      safety.forgetDraft();
      onIssued(issued);
    };
    create.mutate(toInput(review), {
      onSuccess: (issued) => done(issued),
      onQueued: () => done(null),
      onError: (error) => {
        setReview(null);
        const unplaced = form.applyServerErrors(error);
        const reason = saveFailureText(error, unplaced, t, failureKey);
        setFailure(describeFailure ? describeFailure(reason, error, unplaced) : reason);
      },
    });
  };

  return {
    form,
    safety,
    failure,
    review,
    closeReview: () => setReview(null),
    issueReviewed,
    issuing: create.isPending && !create.isPaused,
    openReview: form.submit((reviewed) => {
      setFailure(null);
      setReview(reviewed);
    }),
  };
}

type IssueAfterReview<Values extends Record<string, unknown>, Output> = Pick<
  ReturnType<typeof useIssueAfterReview<Values, Output, unknown, unknown>>,
  'form' | 'safety' | 'failure' | 'openReview'
>;

export interface GstDocumentFormProps<Values extends Record<string, unknown>, Output> {
  flow: IssueAfterReview<Values, Output>;
  fields: readonly FieldSpec[];
  shape: Record<string, z.core.$ZodType>;
  /** The figures the inputs would issue, counted as the server will count them. */
  figures: BillFigureRowsProps;
  actions: ReactNode;
}

/** The inputs of a bill or a note, the figures they would carry, and the button to review. */
export function GstDocumentForm<Values extends Record<string, unknown>, Output>({
  flow,
  fields,
  shape,
  figures,
  actions,
}: GstDocumentFormProps<Values, Output>) {
  return (
    <form noValidate onSubmit={flow.openReview}>
      <Stack gap="sm">
        <FormNotices safety={flow.safety} failure={flow.failure} />
        <FormFields fields={fields} form={flow.form} shape={shape} namespace="bills" />
        <BillFigureRows {...figures} />
        {actions}
      </Stack>
    </form>
  );
}
