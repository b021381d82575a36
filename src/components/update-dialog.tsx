import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface UpdateDialogProps {
  opened: boolean;
  onLater: () => void;
  onUpdate: () => void;
}

/** Asks before switching to a new version, because switching reloads the page. */
export function UpdateDialog({ opened, onLater, onUpdate }: UpdateDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onLater} title={t('pwa.update.title')} centered>
      <Text size="sm">{t('pwa.update.text')}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onLater}>
          {t('pwa.update.later')}
        </Button>
        <Button onClick={onUpdate}>{t('pwa.update.now')}</Button>
      </Group>
    </Modal>
  );
}
