import { ActionIcon, Button, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconCash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WorkerWageRow } from '../../../../contract/worker-wages.ts';
import { MoneyText } from '@/components/money-text';
import { useQueryFallback } from '@/components/query-state';
import { useFormatters } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { workerWages } from '@/features/salary-management/resource';
import { periodLabel } from '../salary-labels';

/** What was paid against the month's earnings: wages and advances; bonus and overtime are extra. */
function paidAgainstEarnings(row: Pick<WorkerWageRow, 'paid' | 'advancesRecovered'>) {
  return row.paid.salary + row.advancesRecovered;
}

/** The salary form, filled in with the worker's balance for the month. */
function payBalancePath(row: WorkerWageRow, year: number, month: number) {
  const search = new URLSearchParams({
    workerId: row.workerId,
    paymentType: 'salary',
    year: String(year),
    month: String(month),
    amount: row.balanceDue.toFixed(2),
  });
  return `/salary-management/create?${search.toString()}`;
}

export interface WagesPanelProps {
  year: number;
  month: number;
  workerId?: string | undefined;
  onMonthChange: (year: number, month: number) => void;
}

/** Per worker and month: earned, paid, due, and "Pay the balance". */
export function WagesPanel({ year, month, workerId, onMonthChange }: WagesPanelProps) {
  const { t } = useTranslation('worker-salaries');
  const format = useFormatters();
  const canPay = useCan('salaries.write');
  const monthParam = `${year}-${String(month).padStart(2, '0')}`;
  const query = useQuery(workerWages({ month: monthParam, workerId }));
  const period = periodLabel(year, month, format.language);
  const step = (delta: number) => {
    const index = year * 12 + (month - 1) + delta;
    onMonthChange(Math.floor(index / 12), (index % 12) + 1);
  };

  const fallback = useQueryFallback(query, {
    failureKey: 'worker-salaries:errors.wages',
    placeholder: <Skeleton h={120} radius="md" />,
  });
  let body;
  if (fallback) body = fallback;
  else if (!query.data || query.data.rows.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('wages.none')}
      </Text>
    );
  } else {
    const { rows } = query.data;
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" fz="sm" aria-label={t('wages.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('wages.worker')}</Table.Th>
              <Table.Th ta="right">{t('wages.pieces')}</Table.Th>
              <Table.Th ta="right">{t('wages.earned')}</Table.Th>
              <Table.Th ta="right">{t('wages.paid')}</Table.Th>
              <Table.Th ta="right">{t('wages.due')}</Table.Th>
              {canPay ? <Table.Th aria-hidden /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const extra = row.paid.bonus + row.paid.overtime;
              return (
                <Table.Tr key={row.workerId} data-testid={`wages-${row.workerId}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.workerName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.salaryType === 'daily'
                        ? t('wages.daily', { count: row.daysWorked })
                        : row.salaryType === 'monthly'
                          ? t('wages.monthly')
                          : t('wages.pieceRate')}
                      {extra > 0 ? ` · ${t('wages.extra', { amount: format.money(extra) })}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{format.number(row.piecesDone)}</Table.Td>
                  <Table.Td ta="right">
                    <MoneyText amount={row.earned} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText amount={paidAgainstEarnings(row)} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText
                      amount={row.balanceDue}
                      fw={700}
                      c={row.balanceDue < 0 ? 'red' : undefined}
                    />
                    {row.balanceDue < 0 ? (
                      <Text size="xs" c="red">
                        {t('wages.overpaid')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  {canPay ? (
                    <Table.Td ta="right">
                      {row.balanceDue > 0 ? (
                        <Button
                          component={Link}
                          to={payBalancePath(row, year, month)}
                          size="xs"
                          variant="light"
                          leftSection={<IconCash size={16} aria-hidden />}
                          aria-label={t('wages.payFor', {
                            name: row.workerName,
                            amount: format.money(row.balanceDue),
                          })}
                        >
                          {t('wages.pay')}
                        </Button>
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          {rows.length > 1 ? (
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t('wages.total')}</Table.Th>
                <Table.Th ta="right">{format.number(query.data.totals.piecesDone)}</Table.Th>
                <Table.Th ta="right">
                  <MoneyText amount={query.data.totals.earned} />
                </Table.Th>
                <Table.Th ta="right">
                  <MoneyText amount={paidAgainstEarnings(query.data.totals)} />
                </Table.Th>
                <Table.Th ta="right">
                  <MoneyText amount={query.data.totals.balanceDue} />
                </Table.Th>
                {canPay ? <Table.Th /> : null}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      mb="md"
      component="section"
      aria-label={t('wages.title', { period })}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5">
          {t('wages.title', { period })}
        </Title>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('wages.previous')}
            onClick={() => step(-1)}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('wages.next')}
            onClick={() => step(1)}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {body}
    </Paper>
  );
}
