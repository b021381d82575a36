import type { DataTableColumn } from '@/components/data-table';
import { MoneyText } from '@/components/money-text';
import { TitleCell } from '@/components/table-cells';

/**
 * A list's first column: the record's name in bold over its detail line (city, designation),
 * sorted by name and never folded away.
 */
export function nameColumn<T extends { name: string }>(
  header: string,
  detail: (row: T) => string | null,
): DataTableColumn<T> {
  return {
    key: 'name',
    priority: 1,
    header,
    sortField: 'name',
    minWidth: 200,
    render: (row) => <TitleCell title={row.name} detail={detail(row)} />,
  };
}

/** The record's amount in rupees, right-aligned and sortable; it stays when the table folds. */
export function amountColumn<T extends { amount: number }>(
  header: string,
  size?: 'sm',
): DataTableColumn<T> {
  return {
    key: 'amount',
    priority: 1,
    header,
    sortField: 'amount',
    align: 'right',
    nowrap: true,
    render: (row) => <MoneyText amount={row.amount} size={size} fw={600} />,
  };
}

/** The record's date field (`paymentDate`, …) on one line, sortable; it stays when the table folds. */
export function dateColumn<K extends string, T extends Record<K, string>>(
  field: K,
  header: string,
  formatDate: (value: string) => string,
): DataTableColumn<T> {
  return {
    key: field,
    priority: 1,
    header,
    sortField: field,
    nowrap: true,
    render: (row) => formatDate(row[field]),
  };
}
