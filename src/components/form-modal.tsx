import { Button, Group, Modal, ScrollArea, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';

export interface FormModalProps {
  opened: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitting?: boolean;
  submitLabel?: ReactNode;
  cancelLabel?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Holds input not yet saved: closing asks first instead of dropping it. */
  dirty?: boolean;
  /** Shown above the fields, e.g. why the last save failed or a draft to restore. */
  notice?: ReactNode;
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
  dirty = false,
  notice,
  children,
}: FormModalProps) {
  const { t } = useTranslation('ui');
  const isPhone = useMediaQuery('(max-width: 36em)');
  const [confirmingClose, setConfirmingClose] = useState(false);
  // Escape, the close button, a click outside and Cancel all come here.
  const requestClose = () => {
    if (submitting) return;
    if (dirty) setConfirmingClose(true);
    else onClose();
  };
  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={title}
        size={size}
        centered
        fullScreen={isPhone === true}
        scrollAreaComponent={ScrollArea.Autosize}
        closeButtonProps={{ 'aria-label': t('actions.close') }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {notice}
            {children}
          </Stack>
          <Group justify="flex-end" gap="sm" mt="xl">
            <Button variant="default" onClick={requestClose} disabled={submitting}>
              {cancelLabel ?? t('actions.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {submitLabel ?? t('actions.save')}
            </Button>
          </Group>
        </form>
      </Modal>
      <ConfirmDialog
        opened={confirmingClose}
        title={t('unsaved.title')}
        message={t('unsaved.message')}
        confirmLabel={t('unsaved.discard')}
        cancelLabel={t('unsaved.keepEditing')}
        onConfirm={() => {
          setConfirmingClose(false);
          onClose();
        }}
        onClose={() => setConfirmingClose(false)}
      />
    </>
  );
}
