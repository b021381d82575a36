import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobCard } from '../../../../contract/job-cards.ts';
import { jobCards } from '@/features/tasks/resource';
import { workers as workersResource } from '@/features/workers/resource';
import { cardName } from './job-card-tile';
import { workerChoices } from './log-work-modal';
import { PickDialog } from './pick-dialog';

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
    <PickDialog
      opened
      title={t('assign.title', { name: cardName(card) })}
      onClose={onClose}
      onSubmit={() =>
        update.mutate(
          { id: card._id, body: { workerIds, version: card.version } },
          { onSuccess: onClose, onQueued: onClose },
        )
      }
      pending={update.isPending}
      submitLabel={t('ui:actions.save')}
    >
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
    </PickDialog>
  );
}
