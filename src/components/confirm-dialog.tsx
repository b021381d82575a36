import { Button, Group, Modal, Text, type ModalProps } from '@mantine/core';
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
  /** What the confirmation acts on, in full (a review), below the message. */
  children?: ReactNode;
  /** A review with a table needs more room than a question. */
  size?: ModalProps['size'];
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
  children,
  size = 'sm',
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
      size={size}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {message ? (
        <Text size="sm" c="dimmed" mb="lg">
          {message}
        </Text>
      ) : null}
      {children}
      <Group justify="flex-end" gap="sm" mt={children ? 'lg' : undefined}>
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
