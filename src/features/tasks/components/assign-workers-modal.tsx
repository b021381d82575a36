import { Button, Group, Modal, MultiSelect, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobCard } from '../../../../contract/production.ts';
import { jobCards } from '@/features/tasks/resource';
import { workers as workersResource } from '@/features/workers/resource';
import { cardName } from './job-card-tile';
import { workerChoices } from './log-work-modal';

/** Who works on a card: their open cards come first in their shift entry. */
export function AssignWorkersModal({ card, onClose }: { card: JobCard; onClose: () => void }) {
  const { t } = useTranslation(['production', 'ui']);
  const workers = useQuery(workersResource.queries.all());
  const update = jobCards.useUpdate();
  const [workerIds, setWorkerIds] = useState<string[]>(card.workerIds);
  const choices = workerChoices(workers.data ?? [], card.workerIds);
  // Names of assigned workers before the pick list arrives.
  for (const worker of card.workers) {
    if (!choices.some((choice) => choice.value === worker._id)) {
      choices.push({ value: worker._id, label: worker.name });
    }
  }
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('assign.title', { name: cardName(card) })}
      centered
      closeButtonProps={{ 'aria-label': t('ui:actions.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(
            { id: card._id, body: { workerIds, version: card.version } },
            { onSuccess: onClose, onQueued: onClose },
          );
        }}
      >
        <Stack gap="md">
          <MultiSelect
            label={t('assign.workers')}
            placeholder={t('assign.placeholder')}
            data={choices}
            value={workerIds}
            onChange={setWorkerIds}
            searchable
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {t('ui:actions.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('ui:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
