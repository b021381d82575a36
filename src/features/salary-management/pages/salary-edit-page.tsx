import { Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useQueryFallback } from '@/components/query-state';
import { SalaryForm } from '../components/salary-form';
import { workerSalaries } from '@/features/salary-management/resource';

export default function SalaryEditPage() {
  const { t } = useTranslation('worker-salaries');
  const navigate = useNavigate();
  const { salaryId = '' } = useParams();
  const query = useQuery(workerSalaries.queries.detail(salaryId));
  const backToList = () => void navigate('/salary-management');
  const fallback = useQueryFallback(query, {
    failureKey: 'worker-salaries:errors.fetchOne',
    subject: 'page',
    placeholder: (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={56} />
        <Skeleton h={56} />
        <Skeleton h={56} />
      </Stack>
    ),
  });

  return (
    <>
      <PageHeader title={t('edit')} description={t('formDescription')} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={760}>
        {fallback ??
          (query.data ? (
            // Keyed by the record so a refetch with other values starts the form afresh.
            <SalaryForm key={query.data.updatedAt} salary={query.data} onDone={backToList} />
          ) : null)}
      </Paper>
    </>
  );
}
