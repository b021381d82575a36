import {
  Box,
  ColorSwatch,
  Grid,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaymentType } from '../../../../contract/worker-salaries.ts';
import { ErrorState } from '@/components/error-state';
import { MoneyBarChart } from '@/components/money-bar-chart';
import { MoneyText } from '@/components/money-text';
import { StatCard } from '@/components/stat-card';
import { useFormatters } from '@/lib/format';
import { describeError } from '@/lib/resource-factory';
import { periodLabel } from '../salary-labels';
import { salarySummary } from '@/features/salary-management/resource';
import { isUnavailableOffline, OfflineUnavailable } from '@/components/offline-unavailable';

export const PAYMENT_TYPE_COLORS: Record<PaymentType, string> = {
  salary: 'teal',
  advance: 'orange',
  bonus: 'grape',
  overtime: 'blue',
};

/** How many workers the "by worker" table lists before it stops. */
const TOP_WORKERS = 8;

export interface SalarySummaryPanelProps {
  workerId?: string | undefined;
  year?: number | undefined;
  month?: number | undefined;
}

/** What was paid, to whom, when and how, for the chosen worker and pay period. */
export function SalarySummaryPanel({ workerId, year, month }: SalarySummaryPanelProps) {
  const { t } = useTranslation('worker-salaries');
  const format = useFormatters();
  const params = { workerId, year, month };
  const query = useQuery(salarySummary(params));

  if (isUnavailableOffline(query)) {
    return (
      <Paper withBorder p="md" mb="md">
        <OfflineUnavailable onRetry={() => query.refetch()} />
      </Paper>
    );
  }
  if (query.isPending) {
    // The cards' own grid, so that nothing moves when the figures arrive.
    return (
      <section
        aria-label={t('summary.title')}
        aria-busy="true"
        style={{ marginBottom: 'var(--mantine-spacing-md)' }}
      >
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <StatCard label={t('summary.totalPaid')} value={null} loading />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Skeleton h="100%" mih={110} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Skeleton h="100%" mih={110} radius="md" />
          </Grid.Col>
        </Grid>
      </section>
    );
  }
  if (query.isError) {
    return (
      <Paper withBorder p="md" mb="md">
        <ErrorState
          title={t('summary.title')}
          message={describeError(query.error, t, 'worker-salaries:errors.summary')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Paper>
    );
  }
  const summary = query.data;
  if (!summary) return null;
  const monthly = summary.byMonth.map((entry) => ({
    label: periodLabel(entry.year, entry.month, format.language, 'short'),
    total: entry.total,
  }));
  const topWorkers = summary.byWorker.slice(0, TOP_WORKERS);

  return (
    <section aria-label={t('summary.title')} style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
      <Box mb="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <StatCard
              label={t('summary.totalPaid')}
              value={<MoneyText amount={summary.totalAmount} data-testid="summary-total" />}
              detail={
                <span data-testid="summary-count">
                  {t('summary.paymentCount', { count: summary.paymentCount })}
                </span>
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Paper withBorder p="md" radius="md" h="100%">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb="xs">
                {t('summary.byPaymentType')}
              </Text>
              {summary.byPaymentType.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('summary.none')}
                </Text>
              ) : (
                <Stack gap={6}>
                  <Progress.Root size="lg" aria-hidden>
                    {summary.byPaymentType.map((entry) => (
                      <Progress.Section
                        key={entry.paymentType}
                        value={
                          summary.totalAmount > 0 ? (entry.total / summary.totalAmount) * 100 : 0
                        }
                        color={PAYMENT_TYPE_COLORS[entry.paymentType]}
                      />
                    ))}
                  </Progress.Root>
                  {summary.byPaymentType.map((entry) => (
                    <Group key={entry.paymentType} justify="space-between" gap="xs" wrap="nowrap">
                      <Group gap={6} wrap="nowrap" miw={0}>
                        <ColorSwatch
                          size={10}
                          color={`var(--mantine-color-${PAYMENT_TYPE_COLORS[entry.paymentType]}-6)`}
                          withShadow={false}
                          aria-hidden
                        />
                        <Text size="sm" truncate>
                          {t(`paymentTypes.${entry.paymentType}`)}
                          <Text span c="dimmed" size="xs">
                            {' '}
                            ({format.number(entry.count)})
                          </Text>
                        </Text>
                      </Group>
                      <MoneyText amount={entry.total} size="sm" fw={500} />
                    </Group>
                  ))}
                </Stack>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Paper withBorder p="md" radius="md" h="100%" miw={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb="xs">
                {t('summary.byWorker')}
              </Text>
              {topWorkers.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('summary.none')}
                </Text>
              ) : (
                <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('summary.worker')}</Table.Th>
                      <Table.Th ta="right">{t('summary.payments')}</Table.Th>
                      <Table.Th ta="right">{t('summary.total')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {topWorkers.map((entry) => (
                      <Table.Tr key={entry.workerId}>
                        <Table.Td>{entry.workerName}</Table.Td>
                        <Table.Td ta="right">{format.number(entry.count)}</Table.Td>
                        <Table.Td ta="right">
                          <MoneyText amount={entry.total} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {summary.byWorker.length > TOP_WORKERS ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {t('summary.moreWorkers', { count: summary.byWorker.length - TOP_WORKERS })}
                </Text>
              ) : null}
            </Paper>
          </Grid.Col>
        </Grid>
      </Box>
      {monthly.length > 0 ? (
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h5" mb="sm">
            {t('summary.byMonth')}
          </Title>
          <MoneyBarChart
            bars={monthly}
            caption={t('summary.byMonth')}
            seriesLabel={t('summary.total')}
            height={220}
          />
        </Paper>
      ) : null}
    </section>
  );
}
