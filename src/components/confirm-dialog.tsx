import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Destructive confirmations are red. */
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = true,
  loading = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation('ui');
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!loading) onClose();
      }}
      title={title}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {message ? (
        <Text size="sm" c="dimmed" mb="lg">
          {message}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={loading}>
          {cancelLabel ?? t('actions.cancel')}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          onClick={onConfirm}
          loading={loading}
          data-autofocus
        >
          {confirmLabel ?? t('actions.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
