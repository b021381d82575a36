import type { Mutation, QueryClient } from '@tanstack/react-query';
import type { Persister } from '@tanstack/react-query-persist-client';
import {
  WRITE_QUEUE_SCOPE,
  registerMutationDefaults,
  type KeyedVariables,
} from '@/lib/resource-factory';

export type QueuedWrite = Mutation<unknown, Error, unknown, unknown>;

export type QueuedWriteState = 'waiting' | 'sending' | 'failed';

function wasQueuedOffline(mutation: QueuedWrite): boolean {
  const variables = mutation.state.variables as Partial<KeyedVariables<unknown>> | undefined;
  return variables?.queuedOffline === true;
}

/**
 * Writes not yet confirmed by the server, oldest first: waiting, in flight, or failed after being
 * queued offline. A write made online that the server refused is not listed: its form showed why.
 */
export function queuedWrites(client: QueryClient): QueuedWrite[] {
  return client
    .getMutationCache()
    .getAll()
    .filter(
      (mutation) =>
        mutation.options.scope?.id === WRITE_QUEUE_SCOPE.id &&
        (mutation.state.status === 'pending' ||
          (mutation.state.status === 'error' && wasQueuedOffline(mutation))),
    );
}

export function queuedWriteState(mutation: QueuedWrite): QueuedWriteState {
  if (mutation.state.status === 'error') return 'failed';
  return mutation.state.isPaused ? 'waiting' : 'sending';
}

/**
 * Sends a failed write again with its original variables, so it keeps its Idempotency-Key: if
 * the first attempt did reach the server, the server answers with the stored result instead of
 * applying it twice.
 */
export function retryWrite(mutation: QueuedWrite): Promise<unknown> {
  return mutation.execute(mutation.state.variables).catch(() => undefined);
}

export function discardWrite(client: QueryClient, mutation: QueuedWrite) {
  client.getMutationCache().remove(mutation);
}

/**
 * Wraps a persister so that, when the saved cache holds writes still waiting to be sent, every
 * resource module is loaded and the write defaults are registered before the cache is hydrated: a
 * paused write restored from disk takes its request function from the defaults present at that
 * moment. With nothing queued, no resource module is loaded here; pages load their own.
 */
export function withWriteDefaults(
  persister: Persister,
  client: QueryClient,
  loadResources: () => Promise<unknown>,
): Persister {
  return {
    ...persister,
    restoreClient: async () => {
      const persisted = await persister.restoreClient();
      if (persisted && persisted.clientState.mutations.length > 0) {
        try {
          await loadResources();
        } catch (error) {
          console.warn('Could not load every resource before restoring queued writes', error);
        }
        registerMutationDefaults(client);
      }
      return persisted;
    },
  };
}
