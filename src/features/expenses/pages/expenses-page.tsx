import { CRUD_PERMISSIONS } from '../../../../contract/permissions.ts';
import { Badge, Button } from '@mantine/core';
import { IconChartPie, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXPENSE_SORTABLE, type Expense } from '../../../../contract/expenses.ts';
import type { DataTableColumn } from '@/components/data-table';
import { dateRangeFilterField, type FilterField } from '@/components/filter-bar';
import { amountColumn } from '@/components/list-columns';
import { Dash, TitleCell } from '@/components/table-cells';
import { ResourceListPage, namedListTexts } from '@/components/resource-list-page';
import { resourceListProps } from '@/components/resource-list-props';
import { useFormatters } from '@/lib/format';
import { DATE_RANGE_FILTERS } from '@/lib/date-range-filters';
import { useListParams } from '@/lib/use-list-params';
import { ExpenseFormModal } from '../components/expense-form-modal';
import { expenses } from '@/features/expenses/resource';

const LIST_CONFIG = {
  filters: {
    category: { type: 'text' },
    expenseDate: { type: 'date' },
    ...DATE_RANGE_FILTERS,
  },
  sortable: EXPENSE_SORTABLE,
  defaultSort: '-createdAt',
} as const;

export default function ExpensesPage() {
  const { t } = useTranslation('expenses');
  const format = useFormatters();
  const list = useListParams(LIST_CONFIG);
  const query = useQuery(expenses.queries.list(list.params));
  const remove = expenses.useRemove();

  const describe = useCallback(
    (expense: Expense) =>
      t('rowName', {
        category: expense.category,
        amount: format.money(expense.amount),
        date: format.date(expense.expenseDate),
      }),
    [t, format],
  );

  const columns = useMemo<DataTableColumn<Expense>[]>(
    () => [
      {
        key: 'expenseDate',
        priority: 1,
        header: t('columns.expenseDate'),
        sortField: 'expenseDate',
        nowrap: true,
        render: (expense) => format.date(expense.expenseDate),
      },
      {
        key: 'category',
        priority: 1,
        header: t('columns.category'),
        sortField: 'category',
        minWidth: 220,
        render: (expense) => (
          <TitleCell title={expense.category} detail={expense.description} detailLines={2} />
        ),
      },
      {
        key: 'paymentMethod',
        priority: 3,
        header: t('columns.paymentMethod'),
        nowrap: true,
        render: (expense) =>
          expense.paymentMethod ? (
            <Badge variant="light" color="gray" radius="sm">
              {t(`paymentMethods.${expense.paymentMethod}`)}
            </Badge>
          ) : (
            <Dash />
          ),
      },
      amountColumn<Expense>(t('columns.amount')),
    ],
    [t, format],
  );

  const filterFields: FilterField[] = [
    { type: 'text', name: 'category', label: t('filters.category'), width: 240 },
    { type: 'date', name: 'expenseDate', label: t('filters.expenseDate'), width: 190 },
    dateRangeFilterField(t('filters.dateRange'), 280),
  ];

  return (
    <ResourceListPage
      csvExport="/expenses"
      permissions={CRUD_PERMISSIONS.expenses}
      history={{ entity: 'expense', name: describe }}
      texts={{
        ...namedListTexts(t, describe),
        deleteConfirm: t('delete.confirm'),
      }}
      {...resourceListProps(expenses, list, query)}
      emptyIcon={<IconReceipt size={28} stroke={1.5} aria-hidden />}
      columns={columns}
      filterFields={filterFields}
      headerActions={
        <Button
          variant="default"
          component={Link}
          to="/expense-analysis"
          leftSection={<IconChartPie size={18} aria-hidden />}
        >
          {t('viewAnalysis')}
        </Button>
      }
      remove={remove}
      renderForm={(expense, onClose) => (
        <ExpenseFormModal key={expense?._id ?? 'new'} expense={expense} onClose={onClose} />
      )}
    />
  );
}
