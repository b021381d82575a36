import { ActionIcon, Group, Paper, Select, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SUMMARY_YEAR_MAX, SUMMARY_YEAR_MIN } from '../../../../contract/expenses.ts';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { notifyError } from '@/lib/notify';
import { describeError, isGloballyHandled } from '@/lib/resource-factory';
import { analyseExpenses } from '../expense-analysis';
import { AnalysisView, LoadingView } from '../components/analysis-view';
import { expenseSummary } from '@/features/expense-analysis/resource';
import { isUnavailableOffline, OfflineUnavailable } from '@/components/offline-unavailable';

const YEARS_OFFERED = 10;
function readYear(raw: string | null, fallback: number) {
  if (!raw || !/^\d{4}$/.test(raw)) return fallback;
  const year = Number(raw);
  return year >= SUMMARY_YEAR_MIN && year <= SUMMARY_YEAR_MAX ? year : fallback;
}

export default function ExpenseAnalysisPage() {
  const { t } = useTranslation(['expense-analysis', 'ui']);
  const [searchParams, setSearchParams] = useSearchParams();
  const currentYear = new Date().getFullYear();
  const year = readYear(searchParams.get('year'), currentYear);

  const current = useQuery(expenseSummary({ year: year }));
  // The comparison is a bonus: if last year cannot be read, the page still shows this year.
  const previous = useQuery({ ...expenseSummary({ year: year - 1 }), retry: false });

  const error = current.error;
  useEffect(() => {
    if (error && !isGloballyHandled(error)) {
      notifyError(describeError(error, t, 'expense-analysis:errors.fetchSummary'));
    }
  }, [error, t]);

  const analysis = useMemo(
    () =>
      current.data
        ? analyseExpenses(current.data, previous.isError ? null : (previous.data ?? null))
        : undefined,
    [current.data, previous.data, previous.isError],
  );
  const previousSettled = previous.isSuccess || previous.isError;

  const setYear = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next === currentYear) params.delete('year');
    else params.set('year', String(next));
    setSearchParams(params, { replace: true });
  };

  const yearOptions = useMemo(() => {
    const years = new Set<number>();
    for (let offset = 0; offset < YEARS_OFFERED; offset += 1) years.add(currentYear - offset);
    years.add(year);
    return [...years].sort((a, b) => b - a).map((value) => String(value));
  }, [currentYear, year]);

  const yearPicker = (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('year.previous')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('year.previous')}
          disabled={year <= SUMMARY_YEAR_MIN}
          onClick={() => setYear(year - 1)}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Select
        aria-label={t('year.label')}
        data={yearOptions}
        value={String(year)}
        onChange={(value) => value && setYear(Number(value))}
        allowDeselect={false}
        w={110}
        comboboxProps={{ withinPortal: true }}
      />
      <Tooltip label={t('year.next')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('year.next')}
          disabled={year >= currentYear}
          onClick={() => setYear(year + 1)}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description', { year })}
        actions={yearPicker}
      />
      {isUnavailableOffline(current) ? (
        <Paper withBorder radius="md">
          <OfflineUnavailable onRetry={() => current.refetch()} />
        </Paper>
      ) : current.isPending ? (
        <LoadingView />
      ) : current.isError ? (
        <Paper withBorder radius="md">
          <ErrorState
            title={t('errors.title')}
            message={describeError(current.error, t, 'expense-analysis:errors.fetchSummary')}
            onRetry={() => void current.refetch()}
            retrying={current.isFetching}
          />
        </Paper>
      ) : analysis ? (
        <AnalysisView analysis={analysis} previousSettled={previousSettled} />
      ) : null}
    </>
  );
}
