import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder rows while a report loads. */
export function TableSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" p="md" aria-busy aria-label={t('loading')}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={28} radius="sm" />
      ))}
    </Stack>
  );
}
