import { CRUD_PERMISSIONS } from '../../../../contract/permissions.ts';
import { Badge, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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
import type { DataTableColumn } from '@/components/data-table';
import { dateRangeFilterField, type FilterField } from '@/components/filter-bar';
import { amountColumn, dateColumn } from '@/components/list-columns';
import { ResourceListPage, standardListTexts } from '@/components/resource-list-page';
import { resourceListProps } from '@/components/resource-list-props';
import { useFormatters } from '@/lib/format';
import { DATE_RANGE_FILTERS } from '@/lib/date-range-filters';
import { useListParams } from '@/lib/use-list-params';
import { PAYMENT_TYPE_COLORS, SalarySummaryPanel } from '../components/salary-summary-panel';
import { WagesPanel } from '../components/wages-panel';
import { MONTHS, monthName, periodLabel, recentYears } from '../salary-labels';
import { workerSalaries } from '@/features/salary-management/resource';
import { workers as workersResource } from '@/features/workers/resource';

const LIST_CONFIG = {
  filters: {
    workerId: { type: 'id' },
    paymentType: { type: 'select', options: PAYMENT_TYPES },
    paymentMethod: { type: 'select', options: PAYMENT_METHODS },
    month: { type: 'integer', min: 1, max: 12 },
    year: { type: 'integer', min: PAY_PERIOD_YEAR_MIN, max: PAY_PERIOD_YEAR_MAX },
    ...DATE_RANGE_FILTERS,
    minAmount: { type: 'amount' },
    maxAmount: { type: 'amount' },
  },
  sortable: WORKER_SALARY_SORTABLE,
  defaultSort: WORKER_SALARY_DEFAULT_SORT,
} as const;

export const SALARIES_PATH = '/salary-management';

export default function SalariesPage() {
  const { t } = useTranslation('worker-salaries');
  const format = useFormatters();
  const list = useListParams(LIST_CONFIG);
  // The URL parser has already narrowed every filter to a value the API accepts.
  const query = useQuery(
    workerSalaries.queries.list(list.params as Partial<WorkerSalaryListParams>),
  );
  const workers = useQuery(workersResource.queries.all());
  const remove = workerSalaries.useRemove();

  const columns = useMemo<DataTableColumn<WorkerSalary>[]>(
    () => [
      dateColumn<'paymentDate', WorkerSalary>('paymentDate', t('columns.paymentDate'), format.date),
      {
        key: 'worker',
        priority: 1,
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
        priority: 2,
        header: t('columns.period'),
        nowrap: true,
        render: (salary) => periodLabel(salary.year, salary.month, format.language, 'short'),
      },
      {
        key: 'paymentType',
        priority: 2,
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
        priority: 3,
        header: t('columns.paymentMethod'),
        nowrap: true,
        render: (salary) => t(`paymentMethods.${salary.paymentMethod}`),
      },
      amountColumn<WorkerSalary>(t('columns.amount'), 'sm'),
    ],
    [t, format],
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
    dateRangeFilterField(t('filters.paymentDates'), 270),
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

  return (
    <ResourceListPage
      csvExport="/worker-salaries"
      permissions={CRUD_PERMISSIONS.salaries}
      history={{
        entity: 'workerSalary',
        name: (salary) => `${salary.worker.name}, ${format.date(salary.paymentDate)}`,
      }}
      texts={{
        ...standardListTexts(t),
        edit: (salary) =>
          t('actions.edit', { name: salary.worker.name, date: format.date(salary.paymentDate) }),
        delete: (salary) =>
          t('actions.delete', { name: salary.worker.name, date: format.date(salary.paymentDate) }),
        deleteMessage: (salary) =>
          t('delete.message', {
            name: salary.worker.name,
            amount: format.money(salary.amount),
            date: format.date(salary.paymentDate),
          }),
      }}
      {...resourceListProps(workerSalaries, list, query)}
      emptyIcon={<IconCash size={28} stroke={1.5} aria-hidden />}
      columns={columns}
      filterFields={filterFields}
      filterValues={filterValues}
      onFilterChange={onFilterChange}
      // Wages are for one month: the filtered one, or this month.
      children={
        <WagesPanel
          year={list.filters.year ?? new Date().getFullYear()}
          month={list.filters.month ?? new Date().getMonth() + 1}
          workerId={list.filters.workerId}
          onMonthChange={(year, month) => {
            setFilter('year', year);
            setFilter('month', month);
          }}
        />
      }
      aboveTable={
        <SalarySummaryPanel
          workerId={list.filters.workerId}
          year={list.filters.year}
          month={list.filters.month}
        />
      }
      remove={remove}
      formPages={{
        create: `${SALARIES_PATH}/create`,
        edit: (salary) => `${SALARIES_PATH}/edit/${salary._id}`,
      }}
    />
  );
}
