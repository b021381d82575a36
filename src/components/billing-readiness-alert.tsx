import { Button, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageBanner } from '@/components/page-banner';
import { useCan } from '@/lib/permissions';
import { setupChecklistQuery } from '@/lib/setup-checklist-api';

/**
 * What the organization profile still lacks before it can head a bill, said on the billing pages
 * before anyone tries: otherwise the first bill fails on its place of supply, a field the person
 * making it never saw. Gone once the profile is complete.
 */
export function BillingReadinessAlert() {
  const { t } = useTranslation('setup');
  const canRead = useCan('setup.read');
  const checklist = useQuery({ ...setupChecklistQuery(), enabled: canRead });
  const gaps = checklist.data?.billingProfileGaps ?? [];
  if (!canRead || gaps.length === 0) return null;
  return (
    <PageBanner
      color="orange"
      icon={IconAlertTriangle}
      title={t('readiness.title')}
      testId="billing-readiness"
    >
      <Text size="sm">{t('readiness.intro')}</Text>
      <List size="sm" mt={4} mb="sm">
        {gaps.map((gap) => (
          <List.Item key={gap}>{t(`readiness.gaps.${gap}`)}</List.Item>
        ))}
      </List>
      <Button component={Link} to="/settings/account" size="md" variant="filled" color="orange">
        {t('readiness.action')}
      </Button>
    </PageBanner>
  );
}
