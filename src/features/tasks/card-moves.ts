import { useMutationState } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ProductionStage } from '../../../contract/production-stages.ts';
import type { JobCard } from '../../../contract/job-cards.ts';
import type { KeyedVariables } from '@/lib/resource-factory';
import { type JobCardMoveInput, jobCards } from '@/features/tasks/resource';

/** The stage before and after the card's, by position; null at either end. */
export function neighbourStages(stages: readonly ProductionStage[], card: JobCard) {
  const index = stages.findIndex((stage) => stage._id === card.stageId);
  return {
    previous: index > 0 ? (stages[index - 1] ?? null) : null,
    next: index >= 0 && index < stages.length - 1 ? (stages[index + 1] ?? null) : null,
  };
}

/** Ids of cards with a move still waiting for the network. */
export function usePendingMoves(): Set<string> {
  const ids = useMutationState({
    filters: { mutationKey: [jobCards.name, 'move'], status: 'pending' },
    select: (mutation) =>
      mutation.state.isPaused
        ? (mutation.state.variables as KeyedVariables<JobCardMoveInput> | undefined)?.input.id
        : undefined,
  });
  return useMemo(() => new Set(ids.filter((id): id is string => id !== undefined)), [ids]);
}
