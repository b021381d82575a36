import type { Mutation, QueryClient } from '@tanstack/react-query';
import type { Persister } from '@tanstack/react-query-persist-client';
import { newIdempotencyKey, staleRecordOf } from '@/lib/api-client';
import {
  WRITE_QUEUE_SCOPE,
  registerMutationDefaults,
  type KeyedVariables,
} from '@/lib/resource-factory';

export type QueuedWrite = Mutation<unknown, Error, unknown, unknown>;

export type QueuedWriteState = 'waiting' | 'sending' | 'failed' | 'stale';

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
  if (mutation.state.status === 'error') {
    // Someone else saved the record after this device's change was made: the user chooses.
    return staleRecordOf(mutation.state.error) ? 'stale' : 'failed';
  }
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

/** The write's input with `version` set: in an update's body, or on an action's own input. */
function withVersion(input: unknown, version: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const fields = input as Record<string, unknown>;
  if (typeof fields.body === 'object' && fields.body !== null) {
    return { ...fields, body: { ...fields.body, version } };
  }
  return { ...fields, version };
}

/**
 * Sends a write the server refused as stale again, over the version stored now: the user chose
 * their change over the one saved meanwhile. It is a new request, so it gets a new key (the old
 * key's answer, the refusal, is what the server would replay).
 */
export function overwriteStaleWrite(mutation: QueuedWrite): Promise<unknown> {
  const current = staleRecordOf(mutation.state.error);
  const variables = mutation.state.variables as KeyedVariables<unknown> | undefined;
  if (!current || !variables) return Promise.resolve(undefined);
  return mutation
    .execute({
      ...variables,
      input: withVersion(variables.input, current.version),
      idempotencyKey: newIdempotencyKey(),
    })
    .catch(() => undefined);
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
