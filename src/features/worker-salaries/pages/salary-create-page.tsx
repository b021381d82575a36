import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { SalaryForm } from '../components/salary-form';

export default function SalaryCreatePage() {
  const { t } = useTranslation('worker-salaries');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('add')} description={t('formDescription')} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={760}>
        <SalaryForm salary={null} onDone={() => void navigate('/salary-management')} />
      </Paper>
    </>
  );
}
