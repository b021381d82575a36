import { Alert, Anchor, Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar, IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  AGEING_BUCKETS,
  MSME_PAYMENT_DAYS,
  type DuesReport,
  type DuesRow,
} from '../../../../contract/dues.ts';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { tableQueryState } from '@/components/query-state';
import { BillingReadinessAlert } from '@/components/billing-readiness-alert';
import { PageHeader } from '@/components/page-header';
import { DISPLAY_DATE_FORMAT, useFormatters } from '@/lib/format';
import { parseTypedDate } from '@/lib/parse-typed-date';
import { duesReport } from '@/features/customers/resource';
import { organization } from '@/features/organization/resource';
import { sumRupees } from '../../../../contract/money.ts';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Rows to show: the report's order (outstanding, largest first), optionally only the overdue. */
export function duesRows(report: DuesReport, overdueOnly: boolean): DuesRow[] {
  const rows = overdueOnly ? report.rows.filter((row) => row.overdueAmount > 0) : report.rows;
  return [...rows].sort((a, b) => b.outstandingAmount - a.outstandingAmount);
}

/** Sums of the rows shown, in paise, so the overdue-only view totals what it lists. */
export function duesTotals(rows: readonly DuesRow[]) {
  const paise = (pick: (row: DuesRow) => number) => sumRupees(rows.map(pick));
  return {
    billedAmount: paise((row) => row.billedAmount),
    receivedAmount: paise((row) => row.receivedAmount),
    advanceAmount: paise((row) => row.advanceAmount),
    outstandingAmount: paise((row) => row.outstandingAmount),
    overdueAmount: paise((row) => row.overdueAmount),
    ageing: Object.fromEntries(
      AGEING_BUCKETS.map((bucket) => [bucket, paise((row) => row.ageing[bucket])]),
    ) as DuesRow['ageing'],
  };
}

/** A merchant (or bill) kept waiting longer than the MSMED Act allows. */
export const pastMsmeLimit = (days: number | null | undefined) =>
  typeof days === 'number' && days > MSME_PAYMENT_DAYS;

/** `/customers`: the dues book, every merchant's account at a glance. */
export default function DuesPage() {
  const { t } = useTranslation(['dues', 'ui']);
  const format = useFormatters();
  const [params, setParams] = useSearchParams();
  const asOfParam = params.get('asOf');
  const asOf = asOfParam && DATE_PATTERN.test(asOfParam) ? asOfParam : undefined;
  const overdueOnly = params.get('overdue') === 'true';
  const query = useQuery(duesReport({ asOf }));
  const profile = useQuery(organization.queries.profile());
  const msme = !!profile.data?.udyamNumber;

  const setParam = (name: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === undefined) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const rows = useMemo(
    () => (query.data ? duesRows(query.data, overdueOnly) : []),
    [query.data, overdueOnly],
  );
  const totals = useMemo(
    () => (query.data && !overdueOnly ? query.data.totals : duesTotals(rows)),
    [query.data, overdueOnly, rows],
  );

  const money = (amount: number) => (
    <Text component="span" size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {format.money(amount)}
    </Text>
  );

  const columns: DataTableColumn<DuesRow>[] = [
    {
      key: 'merchant',
      header: t('columns.merchant'),
      priority: 1,
      minWidth: 160,
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <Anchor
            component={Link}
            to={`/customers/${encodeURIComponent(row.merchantId)}`}
            size="sm"
            fw={600}
            aria-label={t('openStatement', { name: row.merchantName })}
          >
            {row.merchantName}
          </Anchor>
          {msme && pastMsmeLimit(row.oldestBillDays) ? (
            <Badge color="red" variant="light" size="sm">
              {t('msme.badge')}
            </Badge>
          ) : null}
        </Stack>
      ),
    },
    ...(['billed', 'received', 'advance'] as const).map((key) => ({
      key,
      header: t(`columns.${key}`),
      priority: 3 as const,
      align: 'right' as const,
      nowrap: true,
      render: (row: DuesRow) => money(row[`${key}Amount`]),
    })),
    {
      key: 'outstanding',
      header: t('columns.outstanding'),
      priority: 1,
      align: 'right',
      nowrap: true,
      render: (row) => <strong>{money(row.outstandingAmount)}</strong>,
    },
    {
      key: 'overdue',
      header: t('columns.overdue'),
      priority: 1,
      align: 'right',
      nowrap: true,
      render: (row) => (
        <Text component="span" size="sm" c={row.overdueAmount > 0 ? 'red' : undefined}>
          {money(row.overdueAmount)}
        </Text>
      ),
    },
    ...AGEING_BUCKETS.map((bucket) => ({
      key: bucket,
      header: t(`columns.${bucket}`),
      priority: 3 as const,
      align: 'right' as const,
      nowrap: true,
      render: (row: DuesRow) => money(row.ageing[bucket]),
    })),
    ...(msme
      ? [
          {
            key: 'daysOutstanding',
            header: t('columns.daysOutstanding'),
            priority: 2 as const,
            align: 'right' as const,
            nowrap: true,
            render: (row: DuesRow) => (
              <Text
                component="span"
                size="sm"
                c={pastMsmeLimit(row.oldestBillDays) ? 'red' : undefined}
              >
                {row.oldestBillDays === null ? '—' : t('msme.days', { count: row.oldestBillDays })}
              </Text>
            ),
          },
        ]
      : []),
  ];

  const totalValues: Record<string, ReactNode> = {
    billed: money(totals.billedAmount),
    received: money(totals.receivedAmount),
    advance: money(totals.advanceAmount),
    outstanding: money(totals.outstandingAmount),
    overdue: money(totals.overdueAmount),
    ...Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, money(totals.ageing[bucket])])),
  };

  const table = (
    <DataTable
      label={t('tableLabel')}
      columns={columns}
      rows={query.data ? rows : undefined}
      rowKey={(row) => row.merchantId}
      {...tableQueryState(query, t, 'dues:errors.fetchDues')}
      totals={{ label: t('totalsRow'), values: totalValues }}
      empty={
        <EmptyState
          icon={<IconScale size={28} stroke={1.5} aria-hidden />}
          title={t('empty.title')}
          description={overdueOnly ? t('empty.filtered') : t('empty.initial')}
        />
      }
    />
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <BillingReadinessAlert />
      {msme ? (
        <Alert color="orange" variant="light" title={t('msme.title')} mb="md">
          <Text size="sm">{t('msme.body')}</Text>
        </Alert>
      ) : null}
      <Group gap="md" align="flex-end" mb="md" wrap="wrap">
        <DateInput
          label={t('asOf')}
          valueFormat={DISPLAY_DATE_FORMAT}
          dateParser={parseTypedDate}
          leftSection={<IconCalendar size={16} aria-hidden />}
          value={asOf ?? query.data?.asOf ?? dayjs().format('YYYY-MM-DD')}
          onChange={(value) =>
            setParam('asOf', value ? dayjs(value).format('YYYY-MM-DD') : undefined)
          }
          w={200}
        />
        <Switch
          label={t('overdueOnly')}
          checked={overdueOnly}
          onChange={(event) =>
            setParam('overdue', event.currentTarget.checked ? 'true' : undefined)
          }
          mb={8}
        />
      </Group>
      {table}
    </>
  );
}
