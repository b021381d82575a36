import { BarChart } from '@/components/lazy-charts';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  IconCalendar,
  IconChartBar,
  IconClipboardList,
  IconRestore,
  IconTable,
  type Icon,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  DEFAULT_ORDER_ANALYTICS_GROUP,
  ORDER_ANALYTICS_GROUPS,
} from '../../../../contract/order-analytics.ts';
import { ORDER_STATUSES } from '../../../../contract/orders.ts';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { useFormatters } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { describeError, isGloballyHandled } from '@/lib/resource-factory';
import { merchants as merchantsResource } from '@/features/merchants/resource';
import { orderAnalytics } from '@/features/order-analytics/resource';
import { isUnavailableOffline, OfflineUnavailable } from '@/components/offline-unavailable';
import { dateButtonNaming } from '@/components/filter-bar';
import { SetupChecklistCard } from '@/components/setup-checklist-card';
import { readAnalyticsFilters } from '../analytics-filters';
import { AnalyticsTable, TotalsCards, useRowLabel } from '../components/analytics-table';

/** The two ways the page shows its figures, as the view switch offers them. */
const VIEWS: readonly { value: 'table' | 'chart'; icon: Icon }[] = [
  { value: 'table', icon: IconTable },
  { value: 'chart', icon: IconChartBar },
];

export default function OrderAnalyticsPage() {
  const { t } = useTranslation(['order-analytics', 'ui']);
  const rangeId = useId();
  const format = useFormatters();
  const [searchParams, setSearchParams] = useSearchParams();
  const { query, view } = readAnalyticsFilters(searchParams);
  // Its placeholder ("All time") is not the label, so the content is always part of the name.
  const rangeNaming = dateButtonNaming(rangeId, t('filters.dateRange'), true);
  const report = useQuery(orderAnalytics(query));
  // An empty report asks once more without any filter: only then is it a workshop with no orders
  // at all, which needs its first order rather than wider dates.
  const reportIsEmpty = report.data?.rows.length === 0;
  const allTime = useQuery({
    ...orderAnalytics({ groupBy: query.groupBy }),
    enabled: reportIsEmpty,
  });
  const noOrdersAtAll = reportIsEmpty && allTime.data?.rows.length === 0;
  const merchants = useQuery(merchantsResource.queries.all());

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
            data={VIEWS.map(({ value, icon: ViewIcon }) => ({
              value,
              label: (
                <Group gap={6} wrap="nowrap">
                  <ViewIcon size={16} aria-hidden />
                  {t(`view.${value}`)}
                </Group>
              ),
            }))}
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

      <SetupChecklistCard />

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
          {allTime.isPending ? (
            <Skeleton h={160} />
          ) : noOrdersAtAll ? (
            <EmptyState
              icon={<IconClipboardList size={28} stroke={1.5} aria-hidden />}
              title={t('firstOrder.title')}
              description={t('firstOrder.description')}
              action={
                <Button component={Link} to="/orders/create" size="md">
                  {t('firstOrder.action')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<IconClipboardList size={28} stroke={1.5} aria-hidden />}
              title={t('empty.title')}
              description={t('empty.description')}
              action={
                <Button
                  variant="light"
                  leftSection={<IconRestore size={16} aria-hidden />}
                  onClick={() =>
                    update({ startDate: '', endDate: '', merchantId: null, status: null })
                  }
                >
                  {t('empty.action')}
                </Button>
              }
            />
          )}
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
