import { Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { describeError } from '@/lib/resource-factory';
import { SalaryForm } from '../components/salary-form';
import { workerSalaries } from '@/features/salary-management/resource';
import { isUnavailableOffline, OfflineUnavailable } from '@/components/offline-unavailable';

export default function SalaryEditPage() {
  const { t } = useTranslation('worker-salaries');
  const navigate = useNavigate();
  const { salaryId = '' } = useParams();
  const query = useQuery(workerSalaries.queries.detail(salaryId));
  const backToList = () => void navigate('/salary-management');

  return (
    <>
      <PageHeader title={t('edit')} description={t('formDescription')} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={760}>
        {isUnavailableOffline(query) ? (
          <OfflineUnavailable onRetry={() => query.refetch()} />
        ) : query.isPending ? (
          <Stack gap="md" aria-busy="true">
            <Skeleton h={56} />
            <Skeleton h={56} />
            <Skeleton h={56} />
          </Stack>
        ) : query.isError ? (
          <ErrorState
            message={describeError(query.error, t, 'worker-salaries:errors.fetchOne')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          // Keyed by the record so a refetch with other values starts the form afresh.
          <SalaryForm key={query.data.updatedAt} salary={query.data} onDone={backToList} />
        )}
      </Paper>
    </>
  );
}
