import { Alert, Anchor, Badge, Group, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar, IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  AGEING_BUCKETS,
  MSME_PAYMENT_DAYS,
  type DuesReport,
  type DuesRow,
} from '../../../../contract/dues.ts';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { isUnavailableOffline, OfflineUnavailable } from '@/components/offline-unavailable';
import { PageHeader } from '@/components/page-header';
import { DISPLAY_DATE_FORMAT, useFormatters } from '@/lib/format';
import { parseTypedDate } from '@/lib/parse-typed-date';
import { describeError } from '@/lib/resource-factory';
import * as resources from '@/lib/resources';
import { TableSkeleton } from '../table-skeleton';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Rows to show: the report's order (outstanding, largest first), optionally only the overdue. */
export function duesRows(report: DuesReport, overdueOnly: boolean): DuesRow[] {
  const rows = overdueOnly ? report.rows.filter((row) => row.overdueAmount > 0) : report.rows;
  return [...rows].sort((a, b) => b.outstandingAmount - a.outstandingAmount);
}

/** Sums of the rows shown, in paise, so the overdue-only view totals what it lists. */
export function duesTotals(rows: readonly DuesRow[]) {
  const paise = (pick: (row: DuesRow) => number) =>
    rows.reduce((sum, row) => sum + Math.round(pick(row) * 100), 0) / 100;
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
  const query = useQuery(resources.duesReport({ asOf }));
  const profile = useQuery(resources.organization.queries.profile());
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

  let table;
  if (isUnavailableOffline(query)) {
    table = <OfflineUnavailable onRetry={() => void query.refetch()} />;
  } else if (query.isPending) {
    table = <TableSkeleton />;
  } else if (query.isError) {
    table = (
      <ErrorState
        message={describeError(query.error, t, 'dues:errors.fetchDues')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (rows.length === 0) {
    table = (
      <EmptyState
        icon={<IconScale size={28} stroke={1.5} aria-hidden />}
        title={t('empty.title')}
        description={overdueOnly ? t('empty.filtered') : t('empty.initial')}
      />
    );
  } else {
    table = (
      <Table.ScrollContainer minWidth={msme ? 1280 : 1160}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-label={t('tableLabel')}
          style={{ opacity: query.isFetching ? 0.7 : 1 }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.merchant')}</Table.Th>
              <Table.Th ta="right">{t('columns.billed')}</Table.Th>
              <Table.Th ta="right">{t('columns.received')}</Table.Th>
              <Table.Th ta="right">{t('columns.advance')}</Table.Th>
              <Table.Th ta="right">{t('columns.outstanding')}</Table.Th>
              <Table.Th ta="right">{t('columns.overdue')}</Table.Th>
              {AGEING_BUCKETS.map((bucket) => (
                <Table.Th key={bucket} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {t(`columns.${bucket}`)}
                </Table.Th>
              ))}
              {msme ? <Table.Th ta="right">{t('columns.daysOutstanding')}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const late = msme && pastMsmeLimit(row.oldestBillDays);
              return (
                <Table.Tr key={row.merchantId} data-msme-late={late || undefined}>
                  <Table.Td miw={200}>
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
                      {late ? (
                        <Badge color="red" variant="light" size="sm">
                          {t('msme.badge')}
                        </Badge>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">{money(row.billedAmount)}</Table.Td>
                  <Table.Td ta="right">{money(row.receivedAmount)}</Table.Td>
                  <Table.Td ta="right">{money(row.advanceAmount)}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {money(row.outstandingAmount)}
                  </Table.Td>
                  <Table.Td ta="right" c={row.overdueAmount > 0 ? 'red' : undefined}>
                    {money(row.overdueAmount)}
                  </Table.Td>
                  {AGEING_BUCKETS.map((bucket) => (
                    <Table.Td key={bucket} ta="right">
                      {money(row.ageing[bucket])}
                    </Table.Td>
                  ))}
                  {msme ? (
                    <Table.Td
                      ta="right"
                      c={late ? 'red' : undefined}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {row.oldestBillDays === null
                        ? '—'
                        : t('msme.days', { count: row.oldestBillDays })}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Th scope="row">{t('totalsRow')}</Table.Th>
              <Table.Td ta="right">{money(totals.billedAmount)}</Table.Td>
              <Table.Td ta="right">{money(totals.receivedAmount)}</Table.Td>
              <Table.Td ta="right">{money(totals.advanceAmount)}</Table.Td>
              <Table.Td ta="right">{money(totals.outstandingAmount)}</Table.Td>
              <Table.Td ta="right">{money(totals.overdueAmount)}</Table.Td>
              {AGEING_BUCKETS.map((bucket) => (
                <Table.Td key={bucket} ta="right">
                  {money(totals.ageing[bucket])}
                </Table.Td>
              ))}
              {msme ? <Table.Td /> : null}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
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
      <Paper withBorder radius="md">
        {table}
      </Paper>
    </>
  );
}
