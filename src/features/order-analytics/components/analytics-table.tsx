// The report's totals and its table, labelled for the chosen grouping.
import { Progress, SimpleGrid, Table, Text } from '@mantine/core';
import {
  IconCash,
  IconClipboardList,
  IconHourglass,
  IconPackage,
  IconReceipt,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  OrderAnalyticsGroupBy,
  OrderAnalyticsRow,
  OrderAnalyticsTotals,
} from '../../../../contract/order-analytics.ts';
import { MoneyText } from '@/components/money-text';
import { StatCard } from '@/components/stat-card';
import { useFormatters, type Formatters } from '@/lib/format';
import type { OrderStatus } from '../../../../contract/orders.ts';

function percentOf(part: number, whole: number) {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** Time keys read as dates in the interface language; statuses are translated; names stay. */
export function useRowLabel(groupBy: OrderAnalyticsGroupBy, format: Formatters) {
  const { t } = useTranslation('order-analytics');
  return useMemo(() => {
    const locale = format.language;
    return (row: OrderAnalyticsRow): string => {
      switch (groupBy) {
        case 'day':
          return format.date(row.key);
        case 'month':
          return dayjs(`${row.key}-01`).locale(locale).format('MMM YYYY');
        case 'status':
          return t(`status.${row.key as OrderStatus}`);
        default:
          return row.label;
      }
    };
  }, [groupBy, format, t]);
}

export function AnalyticsTable({
  rows,
  totals,
  groupLabel,
  rowLabel,
}: {
  rows: OrderAnalyticsRow[];
  totals: OrderAnalyticsTotals;
  groupLabel: string;
  rowLabel: (row: OrderAnalyticsRow) => string;
}) {
  const { t } = useTranslation('order-analytics');
  const format = useFormatters();
  const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <Table
      striped
      highlightOnHover
      verticalSpacing="xs"
      aria-label={t('tableLabel', { group: groupLabel.toLowerCase() })}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{groupLabel}</Table.Th>
          <Table.Th style={numeric}>{t('columns.orders')}</Table.Th>
          <Table.Th style={numeric}>{t('columns.quantity')}</Table.Th>
          <Table.Th style={numeric}>{t('columns.amount')}</Table.Th>
          <Table.Th style={numeric}>{t('columns.paid')}</Table.Th>
          <Table.Th style={numeric}>{t('columns.unpaid')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td fw={500}>{rowLabel(row)}</Table.Td>
            <Table.Td style={numeric}>{format.number(row.orderCount)}</Table.Td>
            <Table.Td style={numeric}>{format.number(row.totalQuantity)}</Table.Td>
            <Table.Td style={numeric} fw={600}>
              {format.money(row.totalAmount)}
            </Table.Td>
            <Table.Td style={numeric} c="teal">
              {format.money(row.paidAmount)}
            </Table.Td>
            <Table.Td style={numeric} c={row.unpaidAmount > 0 ? 'orange' : 'dimmed'}>
              {format.money(row.unpaidAmount)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr fw={700}>
          <Table.Th>{t('columns.total')}</Table.Th>
          <Table.Th style={numeric}>{format.number(totals.orderCount)}</Table.Th>
          <Table.Th style={numeric}>{format.number(totals.totalQuantity)}</Table.Th>
          <Table.Th style={numeric}>{format.money(totals.totalAmount)}</Table.Th>
          <Table.Th style={numeric}>{format.money(totals.paidAmount)}</Table.Th>
          <Table.Th style={numeric}>{format.money(totals.unpaidAmount)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

export function TotalsCards({
  totals,
  loading,
}: {
  totals: OrderAnalyticsTotals | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('order-analytics');
  const format = useFormatters();
  const paidPercent = totals ? percentOf(totals.paidAmount, totals.totalAmount) : 0;
  const unpaidPercent = totals && totals.totalAmount > 0 ? 100 - paidPercent : 0;

  const card = (
    id: string,
    label: string,
    icon: ReactNode,
    color: string,
    value: ReactNode,
    detail?: ReactNode,
  ) => (
    <StatCard
      key={id}
      testId={`total-${id}`}
      label={label}
      icon={{ node: icon, color }}
      loading={loading || !totals}
      value={value}
      detail={detail}
    />
  );

  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3, xl: 5 }}
      spacing="md"
      mb="md"
      role="group"
      aria-label={t('totals.label')}
    >
      {card(
        'orders',
        t('totals.orders'),
        <IconClipboardList size={20} aria-hidden />,
        'blue',
        totals ? format.number(totals.orderCount) : null,
      )}
      {card(
        'quantity',
        t('totals.quantity'),
        <IconPackage size={20} aria-hidden />,
        'violet',
        totals ? format.number(totals.totalQuantity) : null,
      )}
      {card(
        'amount',
        t('totals.amount'),
        <IconReceipt size={20} aria-hidden />,
        'indigo',
        totals ? <MoneyText amount={totals.totalAmount} /> : null,
      )}
      {card(
        'paid',
        t('totals.paid'),
        <IconCash size={20} aria-hidden />,
        'teal',
        totals ? <MoneyText amount={totals.paidAmount} /> : null,
        <>
          <Progress value={paidPercent} color="teal" size="sm" mt="sm" aria-hidden />
          <Text size="xs" mt={4}>
            {t('totals.paidShare', { percent: paidPercent })}
          </Text>
        </>,
      )}
      {card(
        'unpaid',
        t('totals.unpaid'),
        <IconHourglass size={20} aria-hidden />,
        'orange',
        totals ? <MoneyText amount={totals.unpaidAmount} /> : null,
        <>
          <Progress value={unpaidPercent} color="orange" size="sm" mt="sm" aria-hidden />
          <Text size="xs" mt={4}>
            {t('totals.unpaidShare', { percent: unpaidPercent })}
          </Text>
        </>,
      )}
    </SimpleGrid>
  );
}
