import { Button, Group, Paper } from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { computeBillFigures } from '../../../../contract/bill-figures.ts';
import {
  BILL_TYPES,
  billCreate,
  type Bill,
  type BillCreate,
  type BillType,
} from '../../../../contract/bills.ts';
import { GST_RATES, GST_STATES, isGstStateCode } from '../../../../contract/gst.ts';
import type { OrganizationProfile } from '../../../../contract/organization.ts';
import type { FieldSpec } from '@/components/form-fields';
import { ApiError } from '@/lib/api-client';
import { type BillableOrder, bills as billsResource } from '@/features/billing/resource';
import { useZodForm } from '@/lib/use-zod-form';
import { addDays, todayYmd } from '../bill-preview';
import { GstDocumentForm, useIssueAfterReview } from './gst-document-form';
import { BillReviewDialog, type BillReviewSettings } from './bill-review-dialog';

const STATE_OPTIONS = Object.entries(GST_STATES).map(([code, name]) => ({
  value: code,
  label: `${code} ${name}`,
}));

/** What the inputs hold: dates as yyyy-MM-dd, the rate as its option's value, '' or null for none. */
type PanelValues = {
  billDate: string | null;
  billType: BillType;
  gstRate: string;
  sac: string;
  placeOfSupply: string | null;
  dueDate: string | null;
  notes: string;
};

type PanelOutput = Omit<BillCreate, 'merchantId' | 'orderIds'>;

const FIELDS: FieldSpec[] = [
  { name: 'billDate', kind: 'date' },
  {
    name: 'billType',
    kind: 'select',
    options: BILL_TYPES,
    optionLabels: 'billTypes',
    props: { clearable: false, allowDeselect: false },
  },
  {
    name: 'gstRate',
    kind: 'select',
    choices: GST_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` })),
    props: { clearable: false, allowDeselect: false },
  },
  { name: 'sac', kind: 'text', code: true, props: { inputMode: 'numeric', maxLength: 8 } },
  // Both always hold a value (the merchant's state, the payment terms), so nothing to clear.
  {
    name: 'placeOfSupply',
    kind: 'select',
    choices: STATE_OPTIONS,
    props: { searchable: true, clearable: false },
  },
  { name: 'dueDate', kind: 'date', props: { clearable: false } },
  { name: 'notes', kind: 'textarea', props: { rows: 2 } },
];

const blank = (value: unknown) => value === '' || value === null || value === undefined;

/** The panel's inputs as the contract reads them: blanks left out, so the server's defaults apply. */
const panelSchema = z.preprocess(
  (raw) => {
    const values = { ...(raw as Record<string, unknown>) };
    for (const key of ['billDate', 'sac', 'placeOfSupply', 'dueDate', 'gstRate']) {
      if (blank(values[key])) delete values[key];
    }
    for (const key of ['billDate', 'dueDate']) {
      const value = values[key];
      if (typeof value === 'string') values[key] = dayjs(value).format('YYYY-MM-DD');
    }
    if (typeof values.gstRate === 'string') values.gstRate = Number(values.gstRate);
    if (blank(values.notes)) values.notes = null;
    return values;
  },
  billCreate.omit({ merchantId: true, orderIds: true }),
);

function initialValues(
  organization: OrganizationProfile | undefined,
  merchantState: string | null,
): PanelValues {
  const billDate = todayYmd();
  const placeOfSupply = merchantState ?? organization?.state ?? null;
  return {
    billDate,
    billType: 'tax_invoice',
    gstRate: String(organization?.defaultGstRate ?? 5),
    sac: organization?.defaultSac ?? '',
    placeOfSupply: placeOfSupply && isGstStateCode(placeOfSupply) ? placeOfSupply : null,
    dueDate: addDays(billDate, organization?.paymentTermsDays ?? 15),
    notes: '',
  };
}

export interface BillPanelProps {
  merchantId: string;
  /** The merchant's state code, the default place of supply. */
  merchantState: string | null;
  orders: BillableOrder[];
  /** Read once, when the panel opens: its defaults become the inputs' first values. */
  organization: OrganizationProfile | undefined;
  /** The bill made, or null when it was queued to be sent once online. */
  onDone: (bill: Bill | null) => void;
}

/**
 * The bill's settings with a live preview of its figures and the "Make bill" button, which opens
 * the review; only its "Issue bill" sends the bill and so takes a number. Inputs
 * start from the organization profile and the merchant, as the server's own defaults do; what is
 * typed is kept as a draft of the merchant's next bill until the bill is made, and a refused bill
 * keeps every input with the server's reasons on the fields.
 */
export function BillPanel({
  merchantId,
  merchantState,
  orders,
  organization,
  onDone,
}: BillPanelProps) {
  const { t } = useTranslation(['bills', 'ui']);
  const create = billsResource.useCreate();
  const form = useZodForm<PanelValues, PanelOutput>({
    schema: panelSchema,
    namespace: 'bills',
    initialValues: initialValues(organization, merchantState),
  });
  const flow = useIssueAfterReview({
    form,
    draftId: `bills:create:${merchantId}`,
    create,
    toInput: (reviewed: PanelOutput) => ({
      ...reviewed,
      merchantId,
      orderIds: orders.map((order) => order._id),
    }),
    failureKey: 'bills:errors.create',
    // Reasons about the orders (`orderIds.N`) have no input here; they say what to change.
    describeFailure: (reason, error, unplaced) =>
      reason &&
      error instanceof ApiError &&
      error.code === 'validation_failed' &&
      unplaced.length > 0
        ? `${reason}: ${unplaced.join('; ')}`
        : reason,
    onIssued: onDone,
  });
  const review = flow.review;
  const values = form.getValues();
  const termsDays = organization?.paymentTermsDays ?? 15;

  // A due date nobody set follows the bill date by the payment terms.
  const previousBillDate = useRef(values.billDate);
  const { setFieldValue, getValues } = form;
  useEffect(() => {
    const before = previousBillDate.current;
    previousBillDate.current = values.billDate;
    if (!before || !values.billDate || before === values.billDate) return;
    if (getValues().dueDate === addDays(before, termsDays)) {
      setFieldValue('dueDate', addDays(values.billDate, termsDays));
    }
  }, [values.billDate, termsDays, getValues, setFieldValue]);

  const rate = Number(values.gstRate);
  const place = values.placeOfSupply;
  const preview = useMemo(
    () =>
      computeBillFigures({
        lineAmounts: orders.flatMap((order) => order.designs.map((line) => line.amount)),
        billType: values.billType,
        gstRate: rate,
        sellerState: organization?.state ?? null,
        placeOfSupply: place,
      }),
    [orders, values.billType, rate, organization?.state, place],
  );

  // What the server fills in for what the inputs leave out, so the review shows the bill as issued.
  const reviewSettings: BillReviewSettings | null = review && {
    billDate: review.billDate,
    dueDate: review.dueDate ?? addDays(review.billDate, termsDays),
    billType: review.billType ?? 'tax_invoice',
    gstRate: review.gstRate ?? organization?.defaultGstRate ?? 5,
    placeOfSupply: review.placeOfSupply ?? merchantState ?? organization?.state ?? null,
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('desk.makeBill')}>
      <GstDocumentForm
        flow={flow}
        fields={FIELDS}
        shape={billCreate.shape}
        figures={{
          figures: preview,
          billType: values.billType,
          gstRate: rate,
          label: t('review.figures'),
          note: t('desk.previewNote'),
        }}
        actions={
          <Group justify="flex-end">
            <Button type="submit" size="md" disabled={orders.length === 0 || review !== null}>
              {t('desk.makeBill')}
            </Button>
          </Group>
        }
      />
      {review && reviewSettings ? (
        <BillReviewDialog
          opened
          merchantName={orders[0]?.merchant.name ?? ''}
          orders={orders}
          settings={reviewSettings}
          sellerState={organization?.state ?? null}
          issuing={flow.issuing}
          onIssue={flow.issueReviewed}
          onClose={flow.closeReview}
        />
      ) : null}
    </Paper>
  );
}
