import { BarChart } from '@/components/lazy-charts';
import {
  Button,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Table,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  IconCalendar,
  IconCash,
  IconChartBar,
  IconClipboardList,
  IconHourglass,
  IconPackage,
  IconReceipt,
  IconRestore,
  IconTable,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  DEFAULT_ORDER_ANALYTICS_GROUP,
  ORDER_ANALYTICS_GROUPS,
  type OrderAnalyticsGroupBy,
  type OrderAnalyticsParams,
  type OrderAnalyticsRow,
  type OrderAnalyticsTotals,
} from '../../../../contract/order-analytics.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../../../contract/orders.ts';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { MoneyText } from '@/components/money-text';
import { PageHeader } from '@/components/page-header';
import { useFormatters, type Formatters } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { describeError, isGloballyHandled } from '@/lib/resource-factory';
import * as resources from '@/lib/resources';
import { isUnavailableOffline, OfflineUnavailable } from '@/components/offline-unavailable';
import { dateButtonNaming } from '@/components/filter-bar';

type ViewMode = 'table' | 'chart';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function currentYearRange(now = new Date()) {
  const year = now.getFullYear();
  return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

/**
 * Filters live in the URL. A missing date means "this year" (the default); an empty one means the
 * user cleared it and wants no bound.
 */
export function readAnalyticsFilters(search: URLSearchParams, now = new Date()) {
  const defaults = currentYearRange(now);
  const date = (key: 'startDate' | 'endDate') => {
    const raw = search.get(key);
    if (raw === null) return defaults[key];
    return DATE_PATTERN.test(raw) ? raw : undefined;
  };
  const status = search.get('status');
  const merchantId = search.get('merchantId');
  const groupBy = search.get('groupBy');
  const query: OrderAnalyticsParams = {
    startDate: date('startDate'),
    endDate: date('endDate'),
    merchantId: merchantId && UUID_PATTERN.test(merchantId) ? merchantId : undefined,
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as OrderStatus)
      : undefined,
    groupBy: (ORDER_ANALYTICS_GROUPS as readonly string[]).includes(groupBy ?? '')
      ? (groupBy as OrderAnalyticsGroupBy)
      : DEFAULT_ORDER_ANALYTICS_GROUP,
  };
  const view: ViewMode = search.get('view') === 'chart' ? 'chart' : 'table';
  return { query, view };
}

function percentOf(part: number, whole: number) {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

export default function OrderAnalyticsPage() {
  const { t } = useTranslation(['order-analytics', 'ui']);
  const rangeId = useId();
  const format = useFormatters();
  const [searchParams, setSearchParams] = useSearchParams();
  const { query, view } = readAnalyticsFilters(searchParams);
  // Its placeholder ("All time") is not the label, so the content is always part of the name.
  const rangeNaming = dateButtonNaming(rangeId, t('filters.dateRange'), true);
  const report = useQuery(resources.orderAnalytics(query));
  const merchants = useQuery(resources.merchants.queries.all());

  const error = report.error;
  useEffect(() => {
    if (error && !isGloballyHandled(error)) {
      notifyError(describeError(error, t, 'order-analytics:errors.fetch'));
    }
  }, [error, t]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearchParams(next, { replace: true });
  };

  const isDefault = ['startDate', 'endDate', 'merchantId', 'status', 'groupBy'].every(
    (key) => !searchParams.has(key),
  );

  const groupLabel = t(`groupBy.${query.groupBy}`);
  const rowLabel = useRowLabel(query.groupBy, format);
  const rows = report.data?.rows;
  const chartData = useMemo(
    () =>
      (rows ?? []).map((row) => ({
        label: rowLabel(row),
        paidAmount: row.paidAmount,
        unpaidAmount: row.unpaidAmount,
      })),
    [rows, rowLabel],
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <SegmentedControl
            aria-label={t('view.label')}
            value={view}
            onChange={(value) => update({ view: value === 'chart' ? 'chart' : null })}
            data={[
              {
                value: 'table',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconTable size={16} aria-hidden />
                    {t('view.table')}
                  </Group>
                ),
              },
              {
                value: 'chart',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconChartBar size={16} aria-hidden />
                    {t('view.chart')}
                  </Group>
                ),
              },
            ]}
          />
        }
      />

      <Paper withBorder p="sm" mb="md" role="search" aria-label={t('ui:filters.label')}>
        <Group gap="sm" wrap="wrap">
          {rangeNaming.label}
          <DatePickerInput
            {...rangeNaming.props}
            type="range"
            w={{ base: '100%', sm: 280 }}
            clearButtonProps={{
              'aria-label': t('ui:filters.clear', { label: t('filters.dateRange') }),
            }}
            placeholder={t('range.allTime')}
            leftSection={<IconCalendar size={16} aria-hidden />}
            valueFormat="DD MMM YYYY"
            allowSingleDateInRange
            clearable
            value={[query.startDate ?? null, query.endDate ?? null]}
            onChange={([from, to]) => update({ startDate: from ?? '', endDate: to ?? '' })}
          />
          <Select
            w={{ base: '100%', sm: 240 }}
            aria-label={t('filters.merchant')}
            placeholder={t('filters.allMerchants')}
            searchable
            clearable
            data={(merchants.data ?? []).map((merchant) => ({
              value: merchant._id,
              label: merchant.name,
            }))}
            value={query.merchantId ?? null}
            onChange={(value) => update({ merchantId: value })}
          />
          <Select
            w={{ base: '100%', sm: 200 }}
            aria-label={t('filters.status')}
            placeholder={t('filters.allStatuses')}
            clearable
            data={ORDER_STATUSES.map((status) => ({
              value: status,
              label: t(`status.${status}`),
            }))}
            value={query.status ?? null}
            onChange={(value) => update({ status: value })}
          />
          <Select
            w={{ base: '100%', sm: 170 }}
            aria-label={t('filters.groupBy')}
            leftSection={
              <Text size="xs" c="dimmed" pl={6}>
                {t('filters.groupBy')}
              </Text>
            }
            leftSectionWidth={80}
            allowDeselect={false}
            data={ORDER_ANALYTICS_GROUPS.map((group) => ({
              value: group,
              label: t(`groupBy.${group}`),
            }))}
            value={query.groupBy ?? DEFAULT_ORDER_ANALYTICS_GROUP}
            onChange={(value) =>
              update({ groupBy: value && value !== DEFAULT_ORDER_ANALYTICS_GROUP ? value : null })
            }
          />
          <Button
            variant="subtle"
            leftSection={<IconRestore size={16} aria-hidden />}
            disabled={isDefault}
            onClick={() =>
              update({
                startDate: null,
                endDate: null,
                merchantId: null,
                status: null,
                groupBy: null,
              })
            }
          >
            {t('filters.reset')}
          </Button>
        </Group>
      </Paper>

      <TotalsCards totals={report.data?.totals} loading={report.isPending} />

      {isUnavailableOffline(report) ? (
        <Paper withBorder radius="md" p="md">
          <OfflineUnavailable onRetry={() => report.refetch()} />
        </Paper>
      ) : report.isError && !report.data ? (
        <Paper withBorder radius="md" p="md">
          <ErrorState
            message={describeError(report.error, t, 'order-analytics:errors.fetch')}
            onRetry={() => void report.refetch()}
            retrying={report.isFetching}
          />
        </Paper>
      ) : report.isPending ? (
        <Paper withBorder radius="md" p="md">
          <Skeleton h={280} />
        </Paper>
      ) : rows && rows.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <EmptyState
            icon={<IconClipboardList size={28} stroke={1.5} aria-hidden />}
            title={t('empty.title')}
            description={t('empty.description')}
            action={
              <Button component={Link} to="/orders/create" variant="light">
                {t('empty.action')}
              </Button>
            }
          />
        </Paper>
      ) : rows && report.data ? (
        <Paper
          withBorder
          radius="md"
          p="md"
          style={{ opacity: report.isFetching ? 0.7 : 1, transition: 'opacity 150ms' }}
        >
          {view === 'chart' ? (
            <>
              <Title order={2} fz="h4" mb="md">
                {t('chartLabel', { group: groupLabel.toLowerCase() })}
              </Title>
              <div aria-hidden data-testid="order-analytics-chart">
                <BarChart
                  h={Math.max(
                    320,
                    query.groupBy === 'design' || query.groupBy === 'merchant'
                      ? rows.length * 34
                      : 320,
                  )}
                  data={chartData}
                  dataKey="label"
                  type="stacked"
                  orientation={
                    query.groupBy === 'design' || query.groupBy === 'merchant'
                      ? 'vertical'
                      : 'horizontal'
                  }
                  series={[
                    { name: 'paidAmount', label: t('columns.paid'), color: 'teal.6' },
                    { name: 'unpaidAmount', label: t('columns.unpaid'), color: 'orange.5' },
                  ]}
                  valueFormatter={(value) => format.money(value)}
                  withLegend
                  legendProps={{ verticalAlign: 'top', height: 40 }}
                  gridAxis={query.groupBy === 'design' || query.groupBy === 'merchant' ? 'x' : 'y'}
                  tickLine="none"
                  yAxisProps={
                    query.groupBy === 'design' || query.groupBy === 'merchant'
                      ? { width: 200 }
                      : { width: 100 }
                  }
                  barProps={{ radius: 3 }}
                />
              </div>
              <VisuallyHidden>
                <AnalyticsTable
                  rows={rows}
                  totals={report.data.totals}
                  groupLabel={groupLabel}
                  rowLabel={rowLabel}
                />
              </VisuallyHidden>
            </>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <AnalyticsTable
                rows={rows}
                totals={report.data.totals}
                groupLabel={groupLabel}
                rowLabel={rowLabel}
              />
            </Table.ScrollContainer>
          )}
        </Paper>
      ) : null}
    </>
  );
}

/** Time keys read as dates in the interface language; statuses are translated; names stay. */
function useRowLabel(groupBy: OrderAnalyticsGroupBy, format: Formatters) {
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
          return t(`status.${row.key}`);
        default:
          return row.label;
      }
    };
  }, [groupBy, format, t]);
}

function AnalyticsTable({
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

function TotalsCards({
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
    footer?: ReactNode,
  ) => (
    <Paper withBorder radius="md" p="md" key={id} data-testid={`total-${id}`}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} id={`total-${id}-label`}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={32} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
      {loading || !totals ? (
        <Skeleton h={28} w={110} mt={6} />
      ) : (
        // Crore-sized amounts must wrap rather than be clipped in a narrow card.
        <Text
          fz={22}
          fw={700}
          lh={1.2}
          mt={6}
          style={{ overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}
          aria-labelledby={`total-${id}-label`}
        >
          {value}
        </Text>
      )}
      {footer && totals ? <div>{footer}</div> : null}
    </Paper>
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
          <Text size="xs" c="dimmed" mt={4}>
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
          <Text size="xs" c="dimmed" mt={4}>
            {t('totals.unpaidShare', { percent: unpaidPercent })}
          </Text>
        </>,
      )}
    </SimpleGrid>
  );
}
