import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { SalaryForm, type SalaryPrefill } from '../components/salary-form';

const PREFILLED = ['workerId', 'paymentType', 'month', 'year', 'amount'] as const;

/** What "Pay the balance" passes in the address: a worker, a pay period and an amount. */
export function salaryPrefill(search: URLSearchParams): SalaryPrefill | null {
  const prefill: SalaryPrefill = {};
  for (const key of PREFILLED) {
    const value = search.get(key);
    if (value === null || value === '') continue;
    if (key === 'amount') {
      const amount = Number(value);
      if (Number.isFinite(amount) && amount > 0) prefill.amount = amount;
    } else {
      prefill[key] = value;
    }
  }
  return Object.keys(prefill).length > 0 ? prefill : null;
}

export default function SalaryCreatePage() {
  const { t } = useTranslation('worker-salaries');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const prefill = salaryPrefill(search);
  return (
    <>
      <PageHeader
        title={t('add')}
        description={prefill ? t('hints.prefilled') : t('formDescription')}
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={760}>
        <SalaryForm
          salary={null}
          prefill={prefill}
          onDone={() => void navigate('/salary-management')}
        />
      </Paper>
    </>
  );
}
