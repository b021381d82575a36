import {
  Alert,
  Badge,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { FormModal } from '@/components/form-modal';
import { FormNotices, saveFailureText, useFormSafety } from '@/components/form-safety';
import { StaleVersionDialog, useStaleVersion } from '@/components/stale-version-dialog';
import { ApiError } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import * as resources from '@/lib/resources';
import { useZodForm } from '@/lib/use-zod-form';
import {
  fromPaise,
  isAutomaticSplit,
  linesForPayment,
  proposeSplit,
  summarize,
  toPaise,
  type SplitLine,
} from '../split';

/** The contract's fields of a payment, for required and maxLength. */
export const paymentShape = paymentCreate.in.shape;

type ManualAmounts = Record<string, number | ''>;

export type PaymentFormValues = Record<string, unknown> & {
  /** `null` on an edit until the bills are read: automatic if the stored split is the automatic one. */
  automatic: boolean | null;
  /** The amount per bill id the user set; used only when not automatic. */
  allocations: ManualAmounts;
};

export function paymentFields(merchants: readonly { value: string; label: string }[]): FieldSpec[] {
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
export function paymentFormSchema(fields: readonly FieldSpec[], lines: readonly SplitLine[]) {
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
export function paymentBody(parsed: ParsedValues, lines: readonly SplitLine[], automatic: boolean) {
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
export function placeLineErrors(error: unknown, sentBillIds: readonly string[]): unknown {
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
export interface PaymentPrefill {
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
    ...resources.openBills({ merchantId: merchantId ?? '' }),
    enabled: !!merchantId,
  });
  const own = record && record.merchantId === merchantId ? record.allocations : [];
  const openIds = new Set((open.data ?? []).map((bill) => bill._id));
  const settled = own.filter((row) => open.data && !openIds.has(row.billId));
  const settledBills = useQueries({
    queries: settled.map((row) => resources.bills.queries.detail(row.billId)),
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
  const { t } = useTranslation(['payments', 'ui']);
  const merchants = useQuery(resources.merchants.queries.all());
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
  const create = resources.payments.useCreate();
  const update = resources.payments.useUpdate();
  const safety = useFormSafety(form, isEdit ? null : 'payments:create');
  const [failure, setFailure] = useState<string | null>(null);
  const stale = useStaleVersion<Payment>(record);

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

  const save = (parsed: ParsedValues, version = stale.version) => {
    setFailure(null);
    const { body, sentBillIds } = paymentBody(parsed, lines, automatic);
    const done = () => {
      safety.forgetDraft();
      onClose();
    };
    const callbacks = {
      onSuccess: done,
      onQueued: done,
      onError: (error: Error) => {
        if (stale.catchStale(error, form.getValues())) return;
        const placed = placeLineErrors(error, sentBillIds);
        const unplaced = form.applyServerErrors(placed);
        const fallback = isEdit
          ? resources.payments.messages.updateFailed
          : resources.payments.messages.createFailed;
        setFailure(saveFailureText(placed, unplaced, t, fallback));
      },
    };
    if (record) {
      update.mutate(
        { id: record._id, body: { ...body, version } as unknown as PaymentUpdate },
        callbacks,
      );
    } else {
      create.mutate(body, callbacks);
    }
  };
  const onSubmit = form.submit((parsed) => save(parsed));

  const stalePayment = stale.conflict?.current;
  const scalarFields = fields;

  return (
    <FormModal
      opened
      title={isEdit ? t('edit') : t('add')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={create.isPending || update.isPending}
      dirty={form.isDirty()}
      notice={<FormNotices safety={safety} failure={failure} />}
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
      {stale.conflict && stale.read && stalePayment ? (
        <StaleVersionDialog
          namespace="payments"
          fields={scalarFields.filter((field) => field.kind !== 'custom')}
          read={stale.read}
          current={stale.conflict.current}
          mine={stale.conflict.mine}
          onUseTheirs={() => {
            const resolved = stale.resolve();
            if (!resolved) return;
            const next = initialValues(fields, resolved.current, undefined);
            form.setValues(next);
            form.resetDirty(next);
          }}
          onKeepMine={() => {
            const resolved = stale.resolve();
            if (!resolved) return;
            form.submit((parsed) => save(parsed, resolved.current.version))();
          }}
          onClose={stale.dismiss}
        />
      ) : null}
    </FormModal>
  );
}

interface SplitSectionProps {
  form: UseFormReturnType<PaymentFormValues>;
  merchantId: string | null;
  lines: readonly SplitLine[] | null;
  loading: boolean;
  failed: boolean;
  automatic: boolean;
  received: number;
}

/** The merchant's open bills with the share of this payment each one takes. */
function SplitSection({
  form,
  merchantId,
  lines,
  loading,
  failed,
  automatic,
  received,
}: SplitSectionProps) {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  const values = form.getValues();
  const proposal = useMemo(() => proposeSplit(lines ?? [], received), [lines, received]);
  const shown: ManualAmounts = automatic ? proposal.amounts : values.allocations;
  const { applied, advance } = automatic
    ? { applied: proposal.applied, advance: proposal.advance }
    : summarize(
        Object.fromEntries(
          Object.entries(values.allocations).filter(
            ([billId]) => !lines || lines.some((line) => line.billId === billId),
          ),
        ),
        received,
      );
  const sumError = form.errors.allocations;

  const setAutomatic = (on: boolean) => {
    form.setFieldValue('automatic', on);
    // Switching to manual starts from the proposal, so only the lines the user changes differ.
    form.setFieldValue('allocations', on ? {} : { ...proposal.amounts });
    form.clearFieldError('allocations');
  };
  const setLine = (billId: string, amount: number | '') => {
    const base = automatic ? { ...proposal.amounts } : { ...values.allocations };
    form.setFieldValue('automatic', false);
    form.setFieldValue('allocations', { ...base, [billId]: amount });
    form.clearFieldError(`allocations.${billId}.amount`);
    form.clearFieldError('allocations');
  };

  let body;
  if (!merchantId) {
    body = (
      <Text size="sm" c="dimmed">
        {t('split.pickMerchant')}
      </Text>
    );
  } else if (loading) {
    body = (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{t('split.loading')}</Text>
      </Group>
    );
  } else if (failed || !lines) {
    body = (
      <Alert color="yellow" variant="light">
        {t('split.unavailable')}
      </Alert>
    );
  } else if (lines.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('split.none')}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={6} aria-label={t('split.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('split.bill')}</Table.Th>
              <Table.Th>{t('split.billDate')}</Table.Th>
              <Table.Th>{t('split.dueDate')}</Table.Th>
              <Table.Th ta="right">{t('split.balance')}</Table.Th>
              <Table.Th ta="right">{t('split.apply')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => {
              const error = form.errors[`allocations.${line.billId}.amount`];
              return (
                <Table.Tr key={line.billId}>
                  <Table.Td>
                    <Stack gap={2} align="flex-start">
                      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {line.number}
                      </Text>
                      {line.isOverdue ? (
                        <Badge color="red" variant="light" size="sm">
                          {t('split.overdue')}
                        </Badge>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(line.billDate)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(line.dueDate)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {format.money(line.balance)}
                  </Table.Td>
                  <Table.Td w={170}>
                    <NumberInput
                      aria-label={t('split.applyTo', { number: line.number })}
                      hideControls
                      inputMode="decimal"
                      decimalScale={2}
                      allowNegative={false}
                      clampBehavior="none"
                      leftSection="₹"
                      thousandSeparator=","
                      thousandsGroupStyle="lakh"
                      value={shown[line.billId] ?? 0}
                      onChange={(value) =>
                        setLine(line.billId, typeof value === 'number' ? value : '')
                      }
                      error={error}
                      styles={{ input: { textAlign: 'right' } }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('split.title')}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{t('split.title')}</Text>
          <Checkbox
            label={t('split.automatic')}
            description={t('split.automaticHint')}
            checked={automatic}
            onChange={(event) => setAutomatic(event.currentTarget.checked)}
            maw={360}
          />
        </Group>
        {body}
        {sumError ? (
          <Text size="sm" c="red" role="alert">
            {sumError}
          </Text>
        ) : null}
        <Group gap="lg" wrap="wrap" aria-live="polite">
          <Text size="sm">
            {t('split.received')}: <strong>{format.money(received)}</strong>
          </Text>
          <Text size="sm">
            {t('split.applied')}: <strong>{format.money(applied)}</strong>
          </Text>
          <Text size="sm" c={advance < 0 ? 'red' : undefined}>
            {advance < 0
              ? t('split.overApplied', { amount: format.money(-advance) })
              : `${t('split.advance')}: `}
            {advance < 0 ? null : (
              <strong data-testid="split-advance">{format.money(advance)}</strong>
            )}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
