import { Badge, Button, Text } from '@mantine/core';
import { IconCash, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  PAY_PERIOD_YEAR_MAX,
  PAY_PERIOD_YEAR_MIN,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  WORKER_SALARY_DEFAULT_SORT,
  WORKER_SALARY_SORTABLE,
  type WorkerSalary,
  type WorkerSalaryListParams,
} from '../../../../contract/worker-salaries.ts';
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
import { workerPickListQuery } from '@/lib/worker-pick-list';
import { salaryQueries, useDeleteSalary } from '../api';
import { PAYMENT_TYPE_COLORS, SalarySummaryPanel } from '../components/salary-summary-panel';
import { MONTHS, monthName, periodLabel, recentYears } from '../salary-labels';

const LIST_CONFIG = {
  filters: {
    workerId: { type: 'id' },
    paymentType: { type: 'select', options: PAYMENT_TYPES },
    paymentMethod: { type: 'select', options: PAYMENT_METHODS },
    month: { type: 'integer', min: 1, max: 12 },
    year: { type: 'integer', min: PAY_PERIOD_YEAR_MIN, max: PAY_PERIOD_YEAR_MAX },
    startDate: { type: 'date' },
    endDate: { type: 'date' },
    minAmount: { type: 'amount' },
    maxAmount: { type: 'amount' },
  },
  sortable: WORKER_SALARY_SORTABLE,
  defaultSort: WORKER_SALARY_DEFAULT_SORT,
} as const;

export const SALARIES_PATH = '/salary-management';

export default function SalariesPage() {
  const { t } = useTranslation(['salaries', 'ui']);
  const format = useFormatters();
  const navigate = useNavigate();
  const list = useListParams(LIST_CONFIG);
  // A start date after the end date is a 400; until the user fixes it, leave that pair out.
  const params = useMemo(() => {
    const { startDate, endDate } = list.params;
    if (startDate && endDate && startDate > endDate) {
      const { startDate: _start, endDate: _end, ...rest } = list.params;
      return rest;
    }
    return list.params;
  }, [list.params]);
  // The URL parser has already narrowed every filter to a value the API accepts.
  const query = useQuery(salaryQueries.list(params as Partial<WorkerSalaryListParams>));
  const workers = useQuery(workerPickListQuery());
  const remove = useDeleteSalary();
  const [toDelete, setToDelete] = useState<WorkerSalary | null>(null);

  const { clampPage } = list;
  const totalPages = query.data?.totalPages;
  useEffect(() => {
    if (totalPages !== undefined) clampPage(totalPages);
  }, [clampPage, totalPages]);

  const columns = useMemo<DataTableColumn<WorkerSalary>[]>(
    () => [
      {
        key: 'paymentDate',
        header: t('columns.paymentDate'),
        sortField: 'paymentDate',
        nowrap: true,
        render: (salary) => format.date(salary.paymentDate),
      },
      {
        key: 'worker',
        header: t('columns.worker'),
        minWidth: 160,
        render: (salary) => (
          <Text size="sm" fw={600}>
            {salary.worker.name}
          </Text>
        ),
      },
      {
        key: 'period',
        header: t('columns.period'),
        nowrap: true,
        render: (salary) => periodLabel(salary.year, salary.month, format.language, 'short'),
      },
      {
        key: 'paymentType',
        header: t('columns.paymentType'),
        nowrap: true,
        render: (salary) => (
          <Badge variant="light" color={PAYMENT_TYPE_COLORS[salary.paymentType]} size="sm">
            {t(`paymentTypes.${salary.paymentType}`)}
          </Badge>
        ),
      },
      {
        key: 'paymentMethod',
        header: t('columns.paymentMethod'),
        nowrap: true,
        visibleFrom: 'sm',
        render: (salary) => t(`paymentMethods.${salary.paymentMethod}`),
      },
      {
        key: 'amount',
        header: t('columns.amount'),
        sortField: 'amount',
        align: 'right',
        nowrap: true,
        render: (salary) => <MoneyText amount={salary.amount} size="sm" fw={600} />,
      },
    ],
    [t, format],
  );

  const rowActions = useMemo<RowAction<WorkerSalary>[]>(
    () => [
      {
        label: (salary) =>
          t('actions.edit', {
            name: salary.worker.name,
            date: format.date(salary.paymentDate),
          }),
        tooltip: t('ui:actions.edit'),
        icon: <IconPencil size={18} aria-hidden />,
        onClick: (salary) => void navigate(`${SALARIES_PATH}/edit/${salary._id}`),
      },
      {
        label: (salary) =>
          t('actions.delete', {
            name: salary.worker.name,
            date: format.date(salary.paymentDate),
          }),
        tooltip: t('ui:actions.delete'),
        icon: <IconTrash size={18} aria-hidden />,
        color: 'red',
        onClick: setToDelete,
      },
    ],
    [t, format, navigate],
  );

  const workerOptions = (workers.data ?? []).map((worker) => ({
    value: worker._id,
    label: worker.isActive ? worker.name : `${worker.name} (${t('form.inactive')})`,
  }));
  const years = recentYears();
  if (list.filters.year !== undefined && !years.includes(list.filters.year)) {
    years.push(list.filters.year);
  }

  const filterFields: FilterField[] = [
    {
      type: 'select',
      name: 'workerId',
      label: t('filters.worker'),
      options: workerOptions,
      searchable: true,
      width: 220,
    },
    {
      type: 'select',
      name: 'month',
      label: t('filters.month'),
      options: MONTHS.map((month) => ({
        value: String(month),
        label: monthName(month, format.language),
      })),
      width: 150,
    },
    {
      type: 'select',
      name: 'year',
      label: t('filters.year'),
      options: years.map((year) => ({ value: String(year), label: String(year) })),
      width: 120,
    },
    {
      type: 'select',
      name: 'paymentType',
      label: t('filters.paymentType'),
      options: PAYMENT_TYPES.map((type) => ({ value: type, label: t(`paymentTypes.${type}`) })),
      width: 160,
    },
    {
      type: 'select',
      name: 'paymentMethod',
      label: t('filters.paymentMethod'),
      options: PAYMENT_METHODS.map((method) => ({
        value: method,
        label: t(`paymentMethods.${method}`),
      })),
      width: 170,
    },
    {
      type: 'dateRange',
      from: 'startDate',
      to: 'endDate',
      label: t('filters.paymentDates'),
      width: 270,
    },
    {
      type: 'number',
      name: 'minAmount',
      label: t('filters.minAmount'),
      min: 0,
      decimalScale: 2,
      width: 140,
    },
    {
      type: 'number',
      name: 'maxAmount',
      label: t('filters.maxAmount'),
      min: 0,
      decimalScale: 2,
      width: 140,
    },
  ];

  // Month and year pickers hold strings; the URL state holds numbers.
  const filterValues: Record<string, unknown> = {
    ...list.inputValues,
    month: list.inputValues.month === undefined ? undefined : String(list.inputValues.month),
    year: list.inputValues.year === undefined ? undefined : String(list.inputValues.year),
  };
  const setFilter = list.setFilter as (name: string, value: unknown) => void;
  const onFilterChange = (name: string, value: string | number | boolean | undefined) => {
    if ((name === 'month' || name === 'year') && typeof value === 'string') {
      setFilter(name, Number(value));
    } else {
      setFilter(name, value);
    }
  };

  const addButton = (
    <Button
      component={Link}
      to={`${SALARIES_PATH}/create`}
      leftSection={<IconPlus size={18} aria-hidden />}
    >
      {t('add')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={addButton} />
      <FilterBar
        fields={filterFields}
        values={filterValues}
        onChange={onFilterChange}
        onReset={list.reset}
        canReset={!list.isDefault}
      />
      <SalarySummaryPanel
        workerId={list.filters.workerId}
        year={list.filters.year}
        month={list.filters.month}
      />
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(salary) => salary._id}
        loading={query.isPending}
        fetching={query.isFetching && !query.isPending}
        error={query.error}
        errorMessage={
          query.error ? describeError(query.error, t, 'salaries:errors.fetchList') : undefined
        }
        onRetry={() => void query.refetch()}
        sort={list.sort}
        onSort={(field) => list.toggleSort(field as (typeof WORKER_SALARY_SORTABLE)[number])}
        rowActions={rowActions}
        empty={
          <EmptyState
            icon={<IconCash size={28} stroke={1.5} aria-hidden />}
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
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('delete.title')}
        message={
          toDelete
            ? t('delete.message', {
                name: toDelete.worker.name,
                amount: format.money(toDelete.amount),
                date: format.date(toDelete.paymentDate),
              })
            : undefined
        }
        confirmLabel={t('ui:actions.delete')}
        loading={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete._id, { onSettled: () => setToDelete(null) });
        }}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
