import { Button, Group, Modal, ScrollArea, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormModalProps {
  opened: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitting?: boolean;
  submitLabel?: ReactNode;
  cancelLabel?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
}

/**
 * Create/edit dialog: fields in a scrolling body, Save/Cancel always visible. Full screen on a
 * phone, where a centered box would leave no room for the keyboard.
 */
export function FormModal({
  opened,
  title,
  onClose,
  onSubmit,
  submitting = false,
  submitLabel,
  cancelLabel,
  size = 'lg',
  children,
}: FormModalProps) {
  const { t } = useTranslation('ui');
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!submitting) onClose();
      }}
      title={title}
      size={size}
      centered
      fullScreen={isPhone === true}
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">{children}</Stack>
        <Group justify="flex-end" gap="sm" mt="xl">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel ?? t('actions.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
