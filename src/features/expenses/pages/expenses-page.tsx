import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconChartPie, IconPencil, IconPlus, IconReceipt, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXPENSE_SORTABLE, type Expense } from '../../../../contract/expenses.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn, type RowAction } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { FilterBar, type FilterField } from '@/components/filter-bar';
import { MoneyText } from '@/components/money-text';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { useFormatters } from '@/lib/format';
import { describeError } from '@/lib/resource-factory';
import { useListParams } from '@/lib/use-list-params';
import { expenseQueries, useDeleteExpense } from '../api';
import { ExpenseFormModal } from '../components/expense-form-modal';

const LIST_CONFIG = {
  filters: {
    category: { type: 'text' },
    expenseDate: { type: 'date' },
    startDate: { type: 'date' },
    endDate: { type: 'date' },
  },
  sortable: EXPENSE_SORTABLE,
  defaultSort: '-createdAt',
} as const;

type FilterName = keyof typeof LIST_CONFIG.filters;
type FormTarget = { mode: 'create' } | { mode: 'edit'; expense: Expense };

export default function ExpensesPage() {
  const { t } = useTranslation(['expenses', 'ui']);
  const format = useFormatters();
  const list = useListParams(LIST_CONFIG);
  const query = useQuery(expenseQueries.list(list.params));
  const remove = useDeleteExpense();
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [toDelete, setToDelete] = useState<Expense | null>(null);

  const { clampPage } = list;
  const totalPages = query.data?.totalPages;
  useEffect(() => {
    if (totalPages !== undefined) clampPage(totalPages);
  }, [clampPage, totalPages]);

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
        header: t('columns.expenseDate'),
        sortField: 'expenseDate',
        nowrap: true,
        render: (expense) => format.date(expense.expenseDate),
      },
      {
        key: 'category',
        header: t('columns.category'),
        sortField: 'category',
        minWidth: 220,
        render: (expense) => (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {expense.category}
            </Text>
            {expense.description ? (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {expense.description}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        key: 'paymentMethod',
        header: t('columns.paymentMethod'),
        nowrap: true,
        visibleFrom: 'md',
        render: (expense) =>
          expense.paymentMethod ? (
            <Badge variant="light" color="gray" radius="sm">
              {t(`paymentMethods.${expense.paymentMethod}`)}
            </Badge>
          ) : (
            <Text component="span" c="dimmed" aria-hidden>
              —
            </Text>
          ),
      },
      {
        key: 'amount',
        header: t('columns.amount'),
        sortField: 'amount',
        align: 'right',
        nowrap: true,
        render: (expense) => <MoneyText amount={expense.amount} fw={600} />,
      },
    ],
    [t, format],
  );

  const rowActions = useMemo<RowAction<Expense>[]>(
    () => [
      {
        label: (expense) => t('actions.edit', { name: describe(expense) }),
        tooltip: t('ui:actions.edit'),
        icon: <IconPencil size={18} aria-hidden />,
        onClick: (expense) => setFormTarget({ mode: 'edit', expense }),
      },
      {
        label: (expense) => t('actions.delete', { name: describe(expense) }),
        tooltip: t('ui:actions.delete'),
        icon: <IconTrash size={18} aria-hidden />,
        color: 'red',
        onClick: setToDelete,
      },
    ],
    [t, describe],
  );

  const filterFields: FilterField[] = [
    { type: 'text', name: 'category', label: t('filters.category'), width: 240 },
    { type: 'date', name: 'expenseDate', label: t('filters.expenseDate'), width: 190 },
    {
      type: 'dateRange',
      from: 'startDate',
      to: 'endDate',
      label: t('filters.dateRange'),
      width: 280,
    },
  ];

  const actions = (
    <>
      <Button
        variant="default"
        component={Link}
        to="/expense-analysis"
        leftSection={<IconChartPie size={18} aria-hidden />}
      >
        {t('viewAnalysis')}
      </Button>
      <Button
        leftSection={<IconPlus size={18} aria-hidden />}
        onClick={() => setFormTarget({ mode: 'create' })}
      >
        {t('add')}
      </Button>
    </>
  );

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete._id, { onSettled: () => setToDelete(null) });
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={actions} />
      <FilterBar
        fields={filterFields}
        values={list.inputValues}
        onChange={(name, value) => list.setFilter(name as FilterName, value as string | undefined)}
        onReset={list.reset}
        canReset={!list.isDefault}
      />
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(expense) => expense._id}
        loading={query.isPending}
        fetching={query.isFetching && !query.isPending}
        error={query.error}
        errorMessage={
          query.error ? describeError(query.error, t, 'expenses:errors.fetchList') : undefined
        }
        onRetry={() => void query.refetch()}
        sort={list.sort}
        onSort={(field) => list.toggleSort(field as (typeof EXPENSE_SORTABLE)[number])}
        rowActions={rowActions}
        empty={
          <EmptyState
            icon={<IconReceipt size={28} stroke={1.5} aria-hidden />}
            title={t('empty.title')}
            description={list.isFiltered ? t('empty.filtered') : t('empty.initial')}
          />
        }
      />
      {query.data ? (
        <PaginationBar
          page={list.page}
          limit={list.limit}
          totalCount={query.data.totalCount}
          totalPages={query.data.totalPages}
          onPageChange={list.setPage}
          onLimitChange={list.setLimit}
        />
      ) : null}
      {formTarget ? (
        <ExpenseFormModal
          key={formTarget.mode === 'edit' ? formTarget.expense._id : 'new'}
          expense={formTarget.mode === 'edit' ? formTarget.expense : null}
          onClose={() => setFormTarget(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('delete.title')}
        message={toDelete ? t('delete.message', { name: describe(toDelete) }) : undefined}
        confirmLabel={t('delete.confirm')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
