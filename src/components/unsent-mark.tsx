import { Badge } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * "Not sent yet": what this device shows holds a change the server has not received. The same
 * mark on a list row and on a board's card, so that queued work reads alike everywhere.
 */
export function UnsentMark() {
  const { t } = useTranslation('common');
  return (
    <Badge
      color="orange"
      variant="light"
      size="sm"
      radius="sm"
      leftSection={<IconCloudUpload size={12} aria-hidden />}
      styles={{ label: { textTransform: 'none' } }}
    >
      {t('offline.notSynced')}
    </Badge>
  );
}
