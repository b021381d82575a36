import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A small centered dialog around one pick (workers for a card, an order to make cards from) with
 * Cancel and a submit button; both wait while the write is under way.
 */
export function PickDialog({
  opened,
  title,
  onClose,
  onSubmit,
  pending,
  submitLabel,
  canSubmit = true,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  submitLabel: string;
  canSubmit?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('ui');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={pending} disabled={!canSubmit}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
