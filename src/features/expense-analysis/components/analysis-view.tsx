// The yearly analysis once its numbers are in: totals, the month-by-month chart and the
// categories, each with last year beside it.
import {
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DonutChart } from '@/components/lazy-charts';
import {
  IconArrowDownRight,
  IconArrowRight,
  IconArrowUpRight,
  IconInfoCircle,
  IconReceipt,
} from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { MoneyBarChart } from '@/components/money-bar-chart';
import { MoneyText } from '@/components/money-text';
import { StatCard } from '@/components/stat-card';
import { numberLocale, useFormatters } from '@/lib/format';
import type { ExpenseAnalysis, Trend } from '../expense-analysis';
import { runtimeT } from '@/lib/translation-keys';
import { sumRupees } from '../../../../contract/money.ts';

const CATEGORY_COLORS = [
  'teal.6',
  'indigo.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'red.6',
  'lime.7',
  'pink.6',
  'yellow.7',
  'blue.6',
];
const OTHER_COLOR = 'gray.5';
function categoryColor(index: number) {
  return index < DONUT_SLICES
    ? (CATEGORY_COLORS[index % CATEGORY_COLORS.length] ?? OTHER_COLOR)
    : OTHER_COLOR;
}

/** The donut stays readable with a handful of slices; the rest are summed into "Other". */
const DONUT_SLICES = 7;

export function LoadingView() {
  return (
    <Stack gap="md" aria-busy>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} h={112} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={340} radius="md" />
    </Stack>
  );
}

const TREND_ICON: Record<Trend, ReactNode> = {
  up: <IconArrowUpRight size={16} aria-hidden />,
  down: <IconArrowDownRight size={16} aria-hidden />,
  same: <IconArrowRight size={16} aria-hidden />,
};
// More spending is the worrying direction for an expense ledger.
const TREND_COLOR: Record<Trend, string> = { up: 'red', down: 'teal', same: 'gray' };

export function AnalysisView({
  analysis,
  previousSettled,
}: {
  analysis: ExpenseAnalysis;
  previousSettled: boolean;
}) {
  const { t } = useTranslation('expense-analysis');
  const format = useFormatters();
  const locale = numberLocale(format.language);
  const percentOneDecimal = useMemo(
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    [locale],
  );
  const { comparison, highestCategory } = analysis;
  const previousYear = analysis.year - 1;

  const trendDetail = !previousSettled ? (
    <Skeleton h={14} w="70%" mt={4} />
  ) : comparison.previousAvailable ? (
    t('trend.against', { amount: format.money(comparison.previousTotal), year: previousYear })
  ) : (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <span>{t('trend.previousUnavailable', { year: previousYear })}</span>
    </Group>
  );

  const monthlyData = analysis.monthly.map((month) => ({
    label: runtimeT(t)(`months.${month.month}`),
    total: month.total,
  }));

  const donutData = useMemo(() => {
    const slices = analysis.categories.slice(0, DONUT_SLICES).map((category, index) => ({
      name: category.category,
      value: category.amount,
      color: categoryColor(index),
    }));
    const rest = analysis.categories.slice(DONUT_SLICES);
    if (rest.length > 0) {
      slices.push({
        name: t('categories.other'),
        value: sumRupees(rest.map((category) => category.amount)),
        color: OTHER_COLOR,
      });
    }
    return slices;
  }, [analysis.categories, t]);

  const hasExpenses = analysis.yearlyTotal > 0;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard
          label={t('stats.total', { year: analysis.year })}
          value={<MoneyText amount={analysis.yearlyTotal} />}
          detail={t('stats.categoriesCount', { count: analysis.categories.length })}
        />
        <StatCard
          label={t('stats.trend', { year: previousYear })}
          value={
            previousSettled ? (
              <Group
                gap={8}
                wrap="nowrap"
                data-testid="expense-trend"
                data-trend={comparison.trend}
              >
                <Badge
                  size="xl"
                  variant="light"
                  color={TREND_COLOR[comparison.trend]}
                  leftSection={TREND_ICON[comparison.trend]}
                  styles={{ label: { fontVariantNumeric: 'tabular-nums' } }}
                >
                  {percentOneDecimal.format(comparison.percentage)}%
                </Badge>
                <Text span fw={600} size="md">
                  {t(`trend.${comparison.trend}`)}
                </Text>
              </Group>
            ) : (
              <Skeleton h={32} w={140} />
            )
          }
          detail={trendDetail}
        />
        <StatCard
          label={t('stats.highest')}
          value={highestCategory.category ?? t('stats.none')}
          detail={<MoneyText amount={highestCategory.amount} />}
        />
        <StatCard
          label={t('stats.average')}
          value={<MoneyText amount={analysis.averageMonthly} />}
          detail={t('stats.averageOver', { count: analysis.activeMonths })}
        />
      </SimpleGrid>

      {!hasExpenses ? (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconReceipt size={28} stroke={1.5} aria-hidden />}
            title={t('empty.title', { year: analysis.year })}
            description={t('empty.description')}
            action={
              <Button component={Link} to="/expenses" variant="light">
                {t('empty.action')}
              </Button>
            }
          />
        </Paper>
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="monthly-title">
            <Title order={2} size="h4" id="monthly-title" mb="md">
              {t('monthly.title', { year: analysis.year })}
            </Title>
            <MoneyBarChart
              bars={monthlyData}
              caption={t('monthly.title', { year: analysis.year })}
              seriesLabel={t('monthly.series')}
              columns={[t('monthly.month'), t('monthly.series')]}
              height={300}
              gridAxis="x"
            />
          </Paper>

          <Paper
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby="categories-title"
          >
            <Title order={2} size="h4" id="categories-title" mb="md">
              {t('categories.title')}
            </Title>
            <Group align="center" gap="xl" wrap="wrap">
              <div aria-hidden style={{ flex: '0 0 auto', marginInline: 'auto' }}>
                <DonutChart
                  data={donutData}
                  size={200}
                  thickness={28}
                  withTooltip
                  tooltipDataSource="segment"
                  valueFormatter={(value) => format.money(value)}
                  chartLabel={format.money(analysis.yearlyTotal)}
                  paddingAngle={1}
                />
              </div>
              <Table.ScrollContainer minWidth={360} style={{ flex: '1 1 420px' }}>
                <Table verticalSpacing="xs" aria-label={t('categories.title')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('categories.category')}</Table.Th>
                      <Table.Th ta="right">{t('categories.amount')}</Table.Th>
                      <Table.Th ta="right" w={160}>
                        {t('categories.share')}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {analysis.categories.map((category, index) => (
                      <Table.Tr key={category.category}>
                        <Table.Td>
                          <Group gap={8} wrap="nowrap">
                            <span
                              aria-hidden
                              style={{
                                width: 10,
                                height: 10,
                                borderRadius: 3,
                                flexShrink: 0,
                                background: `var(--mantine-color-${categoryColor(index).replace('.', '-')})`,
                              }}
                            />
                            <Text size="sm">{category.category}</Text>
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right">
                          <MoneyText amount={category.amount} size="sm" />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={8} wrap="nowrap" justify="flex-end">
                            <Progress
                              value={category.percentage}
                              w={80}
                              size="sm"
                              aria-hidden
                              color={categoryColor(index)}
                            />
                            <Text
                              size="sm"
                              w={40}
                              ta="right"
                              style={{ fontVariantNumeric: 'tabular-nums' }}
                            >
                              {category.percentage}%
                            </Text>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Group>
          </Paper>
        </>
      )}
    </Stack>
  );
}
