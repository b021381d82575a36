import { Badge, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table';
import { MoneyText } from '@/components/money-text';

/** The register's first column: the bill's or note's number, a link to the document it prints. */
export function numberColumn<R extends { number: string }>(
  t: TFunction<'bills'>,
  href: (row: R) => string,
  sortField?: string,
): DataTableColumn<R> {
  return {
    key: 'number',
    priority: 1,
    header: t('columns.number'),
    ...(sortField ? { sortField } : {}),
    nowrap: true,
    render: (row) => (
      <Text component={Link} to={href(row)} size="sm" fw={600} c="inherit" td="none">
        {row.number}
      </Text>
    ),
  };
}

export function merchantColumn<R extends { merchant: { name: string } }>(
  t: TFunction<'bills'>,
): DataTableColumn<R> {
  return {
    key: 'merchant',
    priority: 1,
    header: t('columns.merchant'),
    minWidth: 140,
    render: (row) => row.merchant.name,
  };
}

/** The document's total in bold; `sortField` makes it a sort button. */
export function totalColumn<R extends { totalAmount: number }>(
  t: TFunction<'bills'>,
  sortField?: string,
): DataTableColumn<R> {
  return {
    key: 'totalAmount',
    priority: 1,
    header: t('columns.total'),
    ...(sortField ? { sortField } : {}),
    align: 'right',
    nowrap: true,
    render: (row) => <MoneyText amount={row.totalAmount} fw={600} />,
  };
}

/** The status badge, and beside it (or stacked on a narrow table) the overdue one. */
export function statusColumn<R extends { isOverdue: boolean }>(
  t: TFunction<'bills'>,
  status: (row: R) => { label: string; color: string },
): DataTableColumn<R> {
  return {
    key: 'status',
    priority: 1,
    header: t('columns.status'),
    // Two badges side by side, or stacked on a narrow table; never squeezed to dots.
    minWidth: 130,
    render: (row) => (
      <Group gap={4}>
        <Badge variant="light" color={status(row).color}>
          {status(row).label}
        </Badge>
        {row.isOverdue ? (
          <Badge variant="filled" color="red">
            {t('overdue')}
          </Badge>
        ) : null}
      </Group>
    ),
  };
}
