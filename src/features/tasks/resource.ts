import { queryOptions } from '@tanstack/react-query';
import type {
  ProductionStage,
  ProductionStagesInput,
  ProductionStageList,
} from '../../../contract/production-stages.ts';
import {
  jobCard,
  jobCardListQuery,
  jobCardUpdate,
  type JobCard,
  type JobCardsFromOrder,
} from '../../../contract/job-cards.ts';
import {
  productionEntry,
  productionEntryCreate,
  productionEntryListQuery,
  productionEntryUpdate,
  type ProductionEntryBatch,
  type ProductionEntryBatchResult,
} from '../../../contract/production-entries.ts';
import { apiRequest } from '@/lib/api-client';
import { queuedProductionEntry, showCardMove, showLoggedWork } from '@/lib/offline/queued-records';
import { OPEN_CARDS_KEPT } from '@/lib/offline/working-set-caps';
import { createResource } from '@/lib/resource-factory';
import type { WorkingSetRead } from '@/lib/resource-registry';
import { createWriteHook } from '@/lib/resource-writes';
import type productionTexts from '../../../public/locales/en/production.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    production: typeof productionTexts;
  }
}

/**
 * Job cards: one per order line, made from the order (never posted one by one, so the create
 * body is never sent), moved through the stages, with workers assigned.
 */
export const jobCards = createResource({
  name: 'job-cards',
  namespace: 'production',
  schemas: {
    record: jobCard,
    create: jobCardUpdate,
    update: jobCardUpdate,
    listQuery: jobCardListQuery,
  },
  // A stage's card count follows the cards.
  related: ['production-stages'],
  messages: { deleted: null },
  offline: { page: '/tasks' },
  workingSet: {
    permission: 'production.read',
    firstPage: true,
    records: { lists: [{ isDone: false, sort: 'dueDate' }], max: OPEN_CARDS_KEPT },
  },
});

export interface JobCardMoveInput {
  id: string;
  stageId: string;
  version: number;
}

/**
 * A move to another stage. Offline it waits in the write queue like any other write; the board
 * shows it at once (see `showCardMove`).
 */
export const useMoveJobCard = jobCards.defineAction<JobCardMoveInput, JobCard>('move', {
  method: 'POST',
  path: ({ id }) => `/${encodeURIComponent(id)}/move`,
  body: ({ stageId, version }) => ({ stageId, version }),
  success: null,
  failure: 'production:errors.move',
  showChange: showCardMove,
  // A card follows the tap at once, also online, and a second move goes over the new version.
  showsChangeOnline: true,
});

/** Makes the cards an order's lines are missing; answers every card of the order. */
export const useMakeJobCards = jobCards.defineAction<{ orderId: string }, JobCardsFromOrder>(
  'from-order',
  {
    method: 'POST',
    path: ({ orderId }) => `/from-order/${encodeURIComponent(orderId)}`,
    success: null,
    failure: 'production:errors.makeCards',
    select: (data) => data as JobCardsFromOrder,
  },
);

/** Work logged against job cards; the cards' piece counts and the wages follow each write. */
export const productionEntries = createResource({
  name: 'production-entries',
  namespace: 'production',
  schemas: {
    record: productionEntry,
    create: productionEntryCreate,
    update: productionEntryUpdate,
    listQuery: productionEntryListQuery,
  },
  related: ['job-cards', 'worker-salaries'],
  requireUser: true,
  offline: {
    page: '/tasks',
    created: queuedProductionEntry,
    afterCreate: (client, entry, context) => showLoggedWork(client, [entry], context),
  },
  messages: {
    created: 'production:toast.entryCreated',
    updated: 'production:toast.entryUpdated',
    deleted: 'production:toast.entryDeleted',
    fetchListFailed: 'production:errors.fetchEntries',
    createFailed: 'production:errors.createEntry',
    updateFailed: 'production:errors.updateEntry',
    deleteFailed: 'production:errors.deleteEntry',
  },
});

/** A shift's work in one request, stored all or nothing. */
export const useLogShift = productionEntries.defineAction<
  ProductionEntryBatch,
  ProductionEntryBatchResult
>('batch', {
  method: 'POST',
  path: () => '/batch',
  body: (batch) => batch,
  success: 'production:toast.shiftSaved',
  failure: 'production:errors.saveShift',
  retryPage: () => '/tasks/shift',
  select: (data) => data as ProductionEntryBatchResult,
  showChange: (client, batch, context) => showLoggedWork(client, batch.entries, context),
});

/**
 * The organization's stages in order, replaced as a whole list. Keyed apart from the cards so a
 * card write refreshes the counts without the stage editor losing its place.
 */
const stagesEndpoint = { name: 'production-stages', path: '/production/stages' };

export const productionStages = {
  ...stagesEndpoint,
  namespace: 'production',
  keys: { all: ['production-stages'] as const },
  queries: {
    list: () =>
      queryOptions({
        queryKey: ['production-stages', 'list'] as const,
        queryFn: async ({ signal }) =>
          (await apiRequest<ProductionStageList>('GET', stagesEndpoint.path, { signal })).data.data,
        meta: { errorMessage: 'production:errors.fetchStages' },
      }),
  },
  useReplace: createWriteHook<ProductionStagesInput, ProductionStage[]>(stagesEndpoint, {
    verb: 'replace',
    method: 'PUT',
    path: () => '',
    body: (input) => input,
    success: 'production:toast.stagesSaved',
    failure: 'production:errors.saveStages',
    // The board names each card's stage.
    invalidates: [['job-cards']],
    select: (data) => (data as ProductionStageList).data,
  }),
};

export const workingSetReads = [
  { permission: 'production.read', query: () => productionStages.queries.list() },
  // The board's first page of cards, as the board asks for it without filters.
  {
    permission: 'production.read',
    query: () => jobCards.queries.list({ isDone: false, limit: 100, sort: 'dueDate' }),
  },
] satisfies WorkingSetRead[];
