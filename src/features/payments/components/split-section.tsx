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
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { proposeSplit, summarize, type SplitLine } from '../split';

export type ManualAmounts = Record<string, number | ''>;

export type PaymentFormValues = Record<string, unknown> & {
  /** `null` on an edit until the bills are read: automatic if the stored split is the automatic one. */
  automatic: boolean | null;
  /** The amount per bill id the user set; used only when not automatic. */
  allocations: ManualAmounts;
};

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
export function SplitSection({
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
  const destinations =
    lines && received > 0 && advance >= 0
      ? [
          ...lines.flatMap((line) => {
            const amount = shown[line.billId];
            return typeof amount === 'number' && amount > 0
              ? [t('split.summaryToBill', { amount: format.money(amount), number: line.number })]
              : [];
          }),
          ...(advance > 0 ? [t('split.summaryAdvance', { amount: format.money(advance) })] : []),
        ]
      : [];

  const setAutomatic = (on: boolean) => {
    form.setFieldValue('automatic', on);
    // Switching to manual starts from nothing: the proposal left on the oldest bill would
    // otherwise over-allocate as soon as the user puts the money on the bill they meant.
    form.setFieldValue('allocations', {});
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
                      {line.kind === 'debit_note' ? (
                        <Badge color="grape" variant="light" size="sm">
                          {t('split.debitNote')}
                        </Badge>
                      ) : null}
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
        {destinations.length > 0 ? (
          <Text size="sm" data-testid="split-summary">
            {t('split.summary', { parts: destinations.join(', ') })}
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
