import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** An issued bill or note: what cancelling it sends back besides the reason. */
interface CancelledDocument {
  _id: string;
  number: string;
  version: number;
}

/** The bill's or the note's cancel action: both take the same input. */
interface CancelWrite {
  mutate: (
    input: { id: string; reason: string; version: number },
    options: { onSuccess: () => void; onQueued: () => void },
  ) => void;
  isPending: boolean;
}

/**
 * Asks for the reason before cancelling an issued bill or note, after `children` say what the
 * cancelling undoes; the texts come from `texts` (`cancelDialog` of a bill or of a note), the
 * number kept on the books included.
 */
export function CancelDocumentModal(props: {
  document: CancelledDocument;
  texts: 'cancelDialog' | 'billNotes.cancelDialog';
  cancel: CancelWrite;
  onClose: () => void;
  children: ReactNode;
}) {
  const { document, texts, cancel, onClose, children } = props;
  const { t } = useTranslation('bills');
  const [reason, setReason] = useState('');
  const submit = () =>
    cancel.mutate(
      { id: document._id, reason: reason.trim(), version: document.version },
      { onSuccess: onClose, onQueued: onClose },
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`${texts}.title`, { number: document.number })}
      centered
    >
      <Stack gap="sm">
        {children}
        <Text size="sm">{t(`${texts}.numberStays`, { number: document.number })}</Text>
        <Textarea
          label={t('cancelDialog.reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          required
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onClose}>
            {t(`${texts}.keep`)}
          </Button>
          <Button
            color="red"
            size="md"
            onClick={submit}
            loading={cancel.isPending}
            disabled={reason.trim() === ''}
          >
            {t(`${texts}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
