import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import {
  PAYMENT_METHODS,
  paymentCreate,
  type Payment,
  type PaymentCreate,
  type PaymentUpdate,
} from '../../../../contract/payments.ts';
import {
  FormFields,
  formSchema,
  initialFieldValues,
  type FieldSpec,
} from '@/components/form-fields';
import { useFormSafety } from '@/components/form-safety';
import { useVersionedSave } from '@/components/use-versioned-save';
import { VersionedFormModal } from '@/components/versioned-form-modal';
import { ApiError } from '@/lib/api-client';
import { bills as billsResource } from '@/features/billing/resource';
import { merchants as merchantsResource } from '@/features/merchants/resource';
import { openBills, payments } from '@/features/payments/resource';
import { useZodForm } from '@/lib/use-zod-form';
import { fromPaise, toPaise } from '../../../../contract/money.ts';
import { isAutomaticSplit, linesForPayment, summarize, type SplitLine } from '../split';
import { SplitSection, type ManualAmounts, type PaymentFormValues } from './split-section';

/** The contract's fields of a payment, for required and maxLength. */
const paymentShape = paymentCreate.in.shape;

function paymentFields(merchants: readonly { value: string; label: string }[]): FieldSpec[] {
  return [
    {
      name: 'merchantId',
      kind: 'select',
      choices: merchants,
      wide: true,
      props: { searchable: true },
    },
    { name: 'paymentDate', kind: 'date', initial: 'today' },
    { name: 'method', kind: 'select', options: PAYMENT_METHODS, optionLabels: 'methods' },
    { name: 'amount', kind: 'money' },
    { name: 'tdsAmount', kind: 'money', initial: 0 },
    { name: 'reference', kind: 'text', code: true },
    { name: 'notes', kind: 'textarea' },
  ];
}

const amountOf = (value: unknown) => (typeof value === 'number' ? value : 0);
const receivedOf = (values: Record<string, unknown>) =>
  fromPaise(toPaise(amountOf(values.amount)) + toPaise(amountOf(values.tdsAmount)));

/**
 * The form's values checked as the server checks them: the contract's own schema for the
 * payment, and, when the user splits it by hand, each bill's share within its balance and all of
 * them within what was received. Errors of a share sit on `allocations.<billId>.amount`.
 */
function paymentFormSchema(fields: readonly FieldSpec[], lines: readonly SplitLine[]) {
  const { allocations: _allocations, ...scalarShape } = paymentShape;
  const values = z
    .object({
      ...scalarShape,
      automatic: z.boolean().nullable(),
      allocations: z.record(z.string(), z.union([z.number(), z.literal('')])),
    })
    .superRefine((value, ctx) => {
      if (value.automatic !== false) return;
      for (const line of lines) {
        const amount = value.allocations[line.billId];
        if (typeof amount !== 'number') continue;
        if (toPaise(amount) > toPaise(line.balance)) {
          const path = ['allocations', line.billId, 'amount'];
          ctx.addIssue({ code: 'custom', message: 'allocationAboveBalance', path });
        }
      }
      const { advance } = summarize(value.allocations, receivedOf(value));
      if (advance < 0) {
        ctx.addIssue({
          code: 'custom',
          message: 'allocationsExceedPayment',
          path: ['allocations'],
        });
      }
    });
  return formSchema(fields, paymentShape, values);
}

type ParsedValues = Omit<PaymentCreate, 'allocations'> & {
  automatic: boolean | null;
  allocations: ManualAmounts;
};

/**
 * The request body: automatic sends no `allocations` (the server splits, also when a payment
 * queued offline syncs later); a split by hand sends each bill with a share, in the bills' order.
 * `sentBillIds[k]` is the bill of `allocations[k]`, to put the server's line errors back.
 */
function paymentBody(parsed: ParsedValues, lines: readonly SplitLine[], automatic: boolean) {
  const { automatic: _automatic, allocations, ...fields } = parsed;
  if (automatic) return { body: fields, sentBillIds: [] as string[] };
  const order = [
    ...lines.map((line) => line.billId),
    ...Object.keys(allocations).filter((id) => !lines.some((line) => line.billId === id)),
  ];
  const rows = order
    .map((billId) => ({ billId, amount: allocations[billId] }))
    .filter((row): row is { billId: string; amount: number } => amountOf(row.amount) > 0);
  return {
    body: { ...fields, allocations: rows },
    sentBillIds: rows.map((row) => row.billId),
  };
}

/** The server numbers a share's errors by its place in the body; the form keys them by bill. */
function placeLineErrors(error: unknown, sentBillIds: readonly string[]): unknown {
  if (!(error instanceof ApiError) || error.errors.length === 0) return error;
  const errors = error.errors.map((fieldError) => {
    const match = /^allocations\.(\d+)(\..*)?$/.exec(fieldError.path);
    const billId = match ? sentBillIds[Number(match[1])] : undefined;
    if (!match || !billId) return fieldError;
    return { ...fieldError, path: `allocations.${billId}${match[2] ?? '.amount'}` };
  });
  return new ApiError(error.message, {
    status: error.status,
    kind: error.kind,
    code: error.code,
    errors,
    data: error.data,
  });
}

/** What a "Record payment" shortcut starts the form with (a bill's page: its merchant and balance). */
interface PaymentPrefill {
  merchantId: string;
  billId?: string;
  amount?: number;
}

function initialValues(
  fields: readonly FieldSpec[],
  record: Payment | null,
  prefill: PaymentPrefill | undefined,
): PaymentFormValues {
  const values = initialFieldValues(fields, record);
  if (record) {
    return {
      ...values,
      automatic: null,
      allocations: Object.fromEntries(record.allocations.map((row) => [row.billId, row.amount])),
    };
  }
  if (prefill) {
    values.merchantId = prefill.merchantId;
    if (prefill.amount !== undefined) values.amount = prefill.amount;
  }
  const forBill = prefill?.billId && prefill.amount !== undefined;
  return {
    ...values,
    automatic: !forBill,
    allocations: forBill && prefill.billId ? { [prefill.billId]: prefill.amount ?? 0 } : {},
  };
}

/** The merchant's bills this payment can settle; on an edit, with its own shares added back. */
function useSplitLines(merchantId: string | null, record: Payment | null) {
  const open = useQuery({
    ...openBills({ merchantId: merchantId ?? '' }),
    enabled: !!merchantId,
  });
  const own = record && record.merchantId === merchantId ? record.allocations : [];
  const openIds = new Set((open.data ?? []).map((bill) => bill._id));
  const settled = own.filter((row) => open.data && !openIds.has(row.billId));
  const settledBills = useQueries({
    queries: settled.map((row) => billsResource.queries.detail(row.billId)),
  });
  const settledData = settledBills.flatMap((query) => (query.data ? [query.data] : []));
  const lines = open.data ? linesForPayment(open.data, own, settledData) : null;
  return { lines, query: open };
}

export interface PaymentFormModalProps {
  /** The payment being edited; `null` records a new one. */
  payment: Payment | null;
  prefill?: PaymentPrefill;
  onClose: () => void;
}

/**
 * Records or edits a payment: the merchant, the money, and how it settles their open bills. The
 * oldest-first split is proposed and applied by the server unless the user changes a line.
 */
export function PaymentFormModal({ payment: record, prefill, onClose }: PaymentFormModalProps) {
  const merchants = useQuery(merchantsResource.queries.all());
  const choices = useMemo(() => {
    const list = (merchants.data ?? []).map((merchant) => ({
      value: merchant._id,
      label: merchant.name,
    }));
    // An edit or a shortcut names its merchant before (or without) the pick list.
    if (record && !list.some((choice) => choice.value === record.merchantId)) {
      list.push({ value: record.merchantId, label: record.merchant.name });
    }
    return list;
  }, [merchants.data, record]);
  const fields = useMemo(() => paymentFields(choices), [choices]);
  const isEdit = record !== null;
  const [values0] = useState(() => initialValues(fields, record, prefill));
  // The lines as last read, kept by content so the schema is rebuilt only when they change.
  const [known, setKnown] = useState<{ key: string; lines: readonly SplitLine[] }>({
    key: '[]',
    lines: [],
  });
  const lines = known.lines;
  const schema = useMemo(() => paymentFormSchema(fields, lines), [fields, lines]);
  const form = useZodForm<PaymentFormValues, ParsedValues>({
    schema,
    namespace: 'payments',
    initialValues: values0,
  });
  const create = payments.useCreate();
  const update = payments.useUpdate();
  const safety = useFormSafety(form, isEdit ? null : 'payments:create');

  const values = form.getValues();
  const merchantId = typeof values.merchantId === 'string' ? values.merchantId : null;
  const split = useSplitLines(merchantId, record);
  const linesKey = split.lines ? JSON.stringify(split.lines) : null;
  if (split.lines && linesKey !== null && linesKey !== known.key) {
    setKnown({ key: linesKey, lines: split.lines });
  }
  const loadedLines = split.lines ? lines : null;
  // Another merchant's bills start again from the automatic split.
  form.watch('merchantId', ({ previousValue, value }) => {
    if (previousValue === value) return;
    form.setFieldValue('automatic', true);
    form.setFieldValue('allocations', {});
  });

  const received = receivedOf(values);
  // Whether the stored split was the automatic one is judged on what was stored, not on the
  // amount as the user is changing it: otherwise typing a new amount would freeze the old split.
  const storedReceived = record ? receivedOf(record) : 0;
  const automatic =
    values.automatic ??
    (loadedLines && record
      ? isAutomaticSplit(loadedLines, storedReceived, record.allocations)
      : false);

  const saving = useVersionedSave({
    form,
    record,
    write: (parsed, version, callbacks) => {
      const { body, sentBillIds } = paymentBody(parsed, lines, automatic);
      // A share's errors come back by its place in the body; the form keys them by bill.
      const onError = (error: Error) => callbacks.onError(placeLineErrors(error, sentBillIds));
      if (record) {
        const versioned = { ...body, version } as unknown as PaymentUpdate;
        update.mutate({ id: record._id, body: versioned }, { ...callbacks, onError });
      } else {
        create.mutate(body, { ...callbacks, onError });
      }
    },
    toValues: (current: Payment) => initialValues(fields, current, undefined),
    failureKey: isEdit ? payments.messages.updateFailed : payments.messages.createFailed,
    onSaved: () => {
      safety.forgetDraft();
      onClose();
    },
  });

  return (
    <VersionedFormModal
      namespace="payments"
      isEdit={isEdit}
      fields={fields}
      state={{ form, safety, saving, submitting: create.isPending || update.isPending }}
      onClose={onClose}
      size="xl"
    >
      <FormFields fields={fields} form={form} shape={paymentShape} namespace="payments" />
      <SplitSection
        form={form}
        merchantId={merchantId}
        lines={loadedLines}
        loading={split.query.isPending && split.query.fetchStatus === 'fetching'}
        failed={split.query.isError || split.query.fetchStatus === 'paused'}
        automatic={automatic}
        received={received}
      />
    </VersionedFormModal>
  );
}
