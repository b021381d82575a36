import { useMutationState, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Paged } from '../../../contract/common.ts';
import type { JobCard, ProductionStage } from '../../../contract/production.ts';
import type { KeyedVariables } from '@/lib/resource-factory';
import { jobCards, type JobCardMoveInput } from '@/lib/resources';

/** The stage before and after the card's, by position; null at either end. */
export function neighbourStages(stages: readonly ProductionStage[], card: JobCard) {
  const index = stages.findIndex((stage) => stage._id === card.stageId);
  return {
    previous: index > 0 ? (stages[index - 1] ?? null) : null,
    next: index >= 0 && index < stages.length - 1 ? (stages[index + 1] ?? null) : null,
  };
}

/** The card as it is once the move is stored: the server bumps its version by one. */
export function movedCard(
  card: JobCard,
  stage: ProductionStage,
  stages: readonly ProductionStage[],
): JobCard {
  const last = stages[stages.length - 1];
  const isLastStage = last?._id === stage._id;
  const isDone = isLastStage && card.piecesLeft === 0;
  return {
    ...card,
    stageId: stage._id,
    stage: { _id: stage._id, name: stage.name, position: stage.position },
    isLastStage,
    isDone,
    isOverdue: isDone ? false : card.isOverdue,
    version: card.version + 1,
  };
}

/**
 * Shows a move on every cached list at once, before the server answers: offline the answer may
 * be hours away, and a second move of the same card must be sent over the version the first one
 * leaves behind. The lists are read again once the write lands (or is refused).
 */
export function applyCardMove(client: QueryClient, moved: JobCard) {
  client.setQueriesData<Paged<JobCard>>({ queryKey: jobCards.keys.lists() }, (page) =>
    page
      ? { ...page, data: page.data.map((card) => (card._id === moved._id ? moved : card)) }
      : page,
  );
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
