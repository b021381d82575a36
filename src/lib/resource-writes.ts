import {
  onlineManager,
  useMutation,
  useQueryClient,
  type MutateOptions,
  type MutationFunction,
  type QueryClient,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';
import i18next from 'i18next';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest, newIdempotencyKey, type HttpMethod } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { notifyError, notifySuccess } from '@/lib/notify';
import { addPendingRecord, removePendingRecord } from '@/lib/offline/pending-records';
import { showsSyncToast } from '@/lib/offline/sync-toasts';
import { runtimeT, type AnyT, type TranslationKey } from '@/lib/translation-keys';

declare module '@tanstack/react-query' {
  interface Register {
    /** What a failed write says when no failure code says more (see `errorText`). */
    mutationMeta: { failureMessage?: TranslationKey };
  }
}

// The app shell already reacts to these (sign-in redirect, "not modified" toast, and for reads a
// server-error toast), so a second, resource-specific toast would only repeat the bad news.
const GLOBALLY_HANDLED_STATUSES = new Set([304, 401, 500]);
const GLOBALLY_HANDLED_WRITE_STATUSES = new Set([304, 401]);

export function isGloballyHandled(error: unknown) {
  return error instanceof ApiError && GLOBALLY_HANDLED_STATUSES.has(error.status);
}

/** A failed write is the app shell's only when the session ended or nothing changed. */
function isGloballyHandledWrite(error: unknown) {
  return error instanceof ApiError && GLOBALLY_HANDLED_WRITE_STATUSES.has(error.status);
}

/**
 * Only a write that got no answer is tried again. By then the app has marked itself offline
 * (connectivity.ts), so react-query holds the write in the queue until the server answers a probe
 * and then sends it with the same Idempotency-Key. Any answer from the server is final.
 */
function shouldRetryWrite(_failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'network';
}

const WRITE_RETRY_DELAY_MS = 500;

/** What a keyed mutation receives: the caller's input plus the key fixed when `mutate` was called. */
export interface KeyedVariables<TInput> {
  input: TInput;
  idempotencyKey: string;
  /**
   * Made while offline: the user left the form trusting it would be sent, so if the server later
   * refuses it, it must stay listed until they retry or discard it. A write made online that the
   * server refuses is shown on its form and is not "waiting to be sent".
   */
  queuedOffline?: boolean;
}

/**
 * The options of one `mutate` call. `onQueued` runs instead of waiting when the write was made
 * offline: it is saved on this device and sent later, so a form can close as on success.
 */
export type WriteOptions<TData, TInput> = MutateOptions<TData, Error, KeyedVariables<TInput>> & {
  onQueued?: () => void;
};

/** How long the "saved on this device" toast stays: longer than a success, it explains a delay. */
const QUEUED_TOAST_DURATION_MS = 4000;

export type KeyedMutationResult<TData, TInput> = Omit<
  UseMutationResult<TData, Error, KeyedVariables<TInput>>,
  'mutate' | 'mutateAsync'
> & {
  mutate: (input: TInput, options?: WriteOptions<TData, TInput>) => void;
  mutateAsync: (
    input: TInput,
    options?: MutateOptions<TData, Error, KeyedVariables<TInput>>,
  ) => Promise<TData>;
};

/**
 * Every write runs in this one scope, so react-query sends them one after another in the order
 * they were made, also when a queue of paused (offline) writes is replayed. A failed write does
 * not hold up the rest: the next one starts as soon as it settles.
 */
export const WRITE_QUEUE_SCOPE = { id: 'karkhana-writes' } as const;

interface RegisteredWrite {
  mutationKey: QueryKey;
  mutationFn: MutationFunction<unknown, KeyedVariables<never>>;
  success: TranslationKey | null;
  failure: TranslationKey;
  invalidates: QueryKey[];
  /** For creates: the lists that show a placeholder while the write waits for the network. */
  pendingListPrefix?: QueryKey;
  /** The write changes cached records before the server answers; a refusal reads them again. */
  showsBeforeAnswer: boolean;
  retryForm?: (input: never) => RetryForm | undefined;
}

/**
 * Where a refused write is put right: the form to open, and what it starts from (the create
 * form's draft holds the refused input, so nothing typed offline is typed again).
 */
interface RetryForm {
  path: string;
  draft?: { formId: string; values: Record<string, unknown> };
}

// Filled as resource modules load; a write restored from disk after a reload finds its request
// function here, since no component that made it is mounted any more.
const registeredWrites = new Map<string, RegisteredWrite>();

/**
 * Gives `client` a default for every write of every loaded resource: how to send it, and the
 * toasts and refetches that follow. Must run before paused writes are restored, because a
 * restored mutation takes its options from the defaults present at that moment.
 */
export function registerMutationDefaults(client: QueryClient, t: AnyT = i18next.t) {
  for (const write of registeredWrites.values()) {
    client.setMutationDefaults(write.mutationKey, {
      mutationFn: write.mutationFn as MutationFunction<unknown, unknown>,
      scope: WRITE_QUEUE_SCOPE,
      retry: shouldRetryWrite,
      retryDelay: WRITE_RETRY_DELAY_MS,
      meta: { failureMessage: write.failure },
      // Only writes restored from disk run these: each is a background sync, not a save the
      // user is watching.
      onSuccess: () => {
        if (write.success && showsSyncToast('synced')) {
          notifySuccess(syncedText(t, write.mutationKey));
        }
        for (const prefix of write.invalidates) void client.invalidateQueries({ queryKey: prefix });
      },
      onError: (error, variables) => {
        if (write.pendingListPrefix) dropPendingRecord(client, write.pendingListPrefix, variables);
        undoShownChange(client, error, write.invalidates, write.showsBeforeAnswer);
        if (!isGloballyHandledWrite(error) && showsSyncToast('problem')) {
          // The area's texts may not be loaded after a reload; the failure is worded in them.
          void loadNamespaceOf(write.failure).then(() =>
            notifyError(errorText(error, t, write.failure)),
          );
        }
      },
    });
  }
}

/**
 * The server refused the write: what the screen showed ahead of the answer is undone by reading
 * the records again. Someone else saving first makes what is on screen out of date as well.
 */
function undoShownChange(
  client: QueryClient,
  error: unknown,
  prefixes: QueryKey[],
  showedBeforeAnswer: boolean,
) {
  const answered = error instanceof ApiError && error.kind !== 'network';
  if (!answered) return;
  if (!showedBeforeAnswer && error.code !== 'stale_version') return;
  for (const prefix of prefixes) void client.invalidateQueries({ queryKey: prefix });
}

/**
 * What a background sync toast says: "Sent: New order". Worded in `common`, which is loaded at
 * startup, because a write replayed after a reload lands before its area's texts are loaded.
 */
function syncedText(t: AnyT, mutationKey: QueryKey): string {
  return runtimeT(t)('common:offline.synced', { change: writeLabel(t, mutationKey) });
}

/** "New order", "Work logged": what a queued write is, in the interface language. */
export function writeLabel(t: AnyT, mutationKey: QueryKey | undefined): string {
  const [resource, verb] = mutationKey ?? [];
  return runtimeT(t)(`common:offline.writes.${String(resource)}.${String(verb)}`, {
    defaultValue: runtimeT(t)('common:offline.writes.unknown'),
  });
}

/** Loads the namespace of `namespace:key` (at once when it is loaded already). */
function loadNamespaceOf(key: TranslationKey): Promise<unknown> {
  const namespace = key.split(':')[0];
  return namespace ? i18next.loadNamespaces(namespace) : Promise.resolve();
}

function dropPendingRecord(client: QueryClient, listPrefix: QueryKey, variables: unknown) {
  const key = (variables as Partial<KeyedVariables<unknown>> | undefined)?.idempotencyKey;
  if (key) removePendingRecord(client, listPrefix, key);
}

/** The resource a write belongs to: its key prefix and its path under `/api`. */
export interface WriteResource {
  name: string;
  path: string;
}

export interface WriteSpec<TInput, TData> {
  verb: string;
  method: Exclude<HttpMethod, 'GET'>;
  path: (input: TInput) => string;
  body?: (input: TInput) => unknown;
  success: TranslationKey | null;
  failure: TranslationKey;
  /** Other key prefixes to refetch after success; the resource's own always is. */
  invalidates: QueryKey[];
  select: (data: unknown) => TData;
  /** Creates show the new record in the resource's lists while it waits for the network. */
  listsPendingRecord?: boolean;
  /**
   * What the write changes in cached records, shown before the server answers: offline the
   * answer may be hours away, and the next write must start from what this one leaves (counts,
   * a version). A refusal reads the records again.
   */
  showChange?: (client: QueryClient, input: TInput, context: ShowChangeContext) => void;
  /** The record a create made offline will be, from its input and cached records. */
  pendingRecord?: (client: QueryClient, input: TInput) => object;
  /** Show the change while the request is out online too, not only when it waits offline. */
  showsChangeOnline?: boolean;
  /** The form that edits this write's input when the server refused it. */
  retryForm?: (input: TInput) => RetryForm | undefined;
}

/** Where a write shows its change: `queued` while it waits for the network (marked unsent). */
export interface ShowChangeContext {
  queued: boolean;
  idempotencyKey: string;
}

/** Every successful write adds an entry to the audit trail, so the trail is read again too. */
export const AUDIT_LOG_KEY = ['audit-log'] as const;

/**
 * A write of a resource: registered as a default of the write queue (so a write restored from
 * disk after a reload can be sent), and a hook that sends it with an Idempotency-Key fixed at
 * `mutate` time, toasts in the interface language and refetches what it changed.
 */
export function createWriteHook<TInput, TData>(
  resource: WriteResource,
  spec: WriteSpec<TInput, TData>,
) {
  const { name, path } = resource;
  const mutationFn = async ({ input, idempotencyKey }: KeyedVariables<TInput>) => {
    const result = await apiRequest<unknown>(spec.method, `${path}${spec.path(input)}`, {
      json: spec.body?.(input),
      idempotencyKey,
    });
    return spec.select(result.data);
  };
  const pendingListPrefix = spec.listsPendingRecord ? [name, 'list'] : undefined;
  const refreshed: QueryKey[] = [[name], ...spec.invalidates, AUDIT_LOG_KEY];
  registeredWrites.set(`${name}:${spec.verb}`, {
    mutationKey: [name, spec.verb],
    mutationFn,
    success: spec.success,
    failure: spec.failure,
    invalidates: refreshed,
    pendingListPrefix,
    showsBeforeAnswer: spec.listsPendingRecord === true || spec.showChange !== undefined,
    retryForm: spec.retryForm,
  });
  const showQueued = (client: QueryClient, input: TInput, idempotencyKey: string) => {
    if (pendingListPrefix) {
      const record = spec.pendingRecord?.(client, input) ?? (input as object);
      addPendingRecord(client, pendingListPrefix, idempotencyKey, record);
    }
    spec.showChange?.(client, input, { queued: true, idempotencyKey });
  };

  return function useResourceMutation(): KeyedMutationResult<TData, TInput> {
    const queryClient = useQueryClient();
    const t: AnyT = useTranslation().t;
    const mutation = useMutation<TData, Error, KeyedVariables<TInput>>({
      mutationKey: [name, spec.verb],
      mutationFn,
      scope: WRITE_QUEUE_SCOPE,
      retry: shouldRetryWrite,
      retryDelay: WRITE_RETRY_DELAY_MS,
      meta: { failureMessage: spec.failure },
      // Runs before react-query pauses an offline write, so the entry shows up at once. A
      // restored write does not run it again: its placeholder came back with the cached list.
      onMutate: ({ input, idempotencyKey }) => {
        if (!onlineManager.isOnline()) showQueued(queryClient, input, idempotencyKey);
        else if (spec.showsChangeOnline) {
          spec.showChange?.(queryClient, input, { queued: false, idempotencyKey });
        }
      },
      onSuccess: (_data, variables) => {
        // A write that waited for the network lands in the background: the user's choice of
        // sync toasts decides. One made online is the answer to the save they just pressed.
        const background = variables.queuedOffline === true;
        if (spec.success && background && showsSyncToast('synced')) {
          notifySuccess(syncedText(t, [name, spec.verb]));
        } else if (spec.success && !background) {
          notifySuccess(t(spec.success));
        }
        // Not awaited: the write is done; an offline refetch must not keep it "pending".
        for (const prefix of refreshed) void queryClient.invalidateQueries({ queryKey: prefix });
      },
      onError: (error, variables) => {
        if (pendingListPrefix) dropPendingRecord(queryClient, pendingListPrefix, variables);
        undoShownChange(
          queryClient,
          error,
          refreshed,
          pendingListPrefix !== undefined || spec.showChange !== undefined,
        );
        const background = variables.queuedOffline === true;
        if (!isGloballyHandledWrite(error) && (!background || showsSyncToast('problem'))) {
          notifyError(errorText(error, t, spec.failure));
        }
      },
    });
    const { mutate: rawMutate, mutateAsync: rawMutateAsync } = mutation;
    // The key is fixed here, once per call, and travels in the variables: react-query's retries
    // and a replay of a paused (offline) mutation reuse it, so the server applies it once.
    const mutate = useCallback(
      (input: TInput, options?: WriteOptions<TData, TInput>) => {
        const { onQueued, ...mutateOptions } = options ?? {};
        const announceQueued = () => {
          if (showsSyncToast('queued')) {
            notifySuccess(t('common:offline.queued'), { duration: QUEUED_TOAST_DURATION_MS });
          }
          onQueued?.();
        };
        const variables: KeyedVariables<TInput> = {
          input,
          idempotencyKey: newIdempotencyKey(),
          // Offline, react-query holds the write until the network returns; the caller should
          // not wait for that, and the user should know the entry is safe on this device.
          queuedOffline: !onlineManager.isOnline(),
        };
        if (!variables.queuedOffline) {
          whenPausedAfterNetworkFailure(queryClient, variables.idempotencyKey, () => {
            variables.queuedOffline = true;
            // A change already shown while the request was out is not shown a second time.
            if (!spec.showsChangeOnline) showQueued(queryClient, input, variables.idempotencyKey);
            announceQueued();
          });
        }
        rawMutate(variables, mutateOptions);
        if (variables.queuedOffline) announceQueued();
      },
      [rawMutate, t, queryClient],
    );
    const mutateAsync = useCallback(
      (input: TInput, options?: MutateOptions<TData, Error, KeyedVariables<TInput>>) =>
        rawMutateAsync({ input, idempotencyKey: newIdempotencyKey() }, options),
      [rawMutateAsync],
    );
    return useMemo(() => ({ ...mutation, mutate, mutateAsync }), [mutation, mutate, mutateAsync]);
  };
}

/**
 * Runs `onPaused` once if the write with this key, sent while the app believed it was online, got
 * no answer and was put on hold: from then on it is a queued write like one made offline. The
 * `queuedOffline` flag is set on the variables object itself, which is what the queue persists.
 */
function whenPausedAfterNetworkFailure(
  client: QueryClient,
  idempotencyKey: string,
  onPaused: () => void,
) {
  const unsubscribe = client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const variables = event.mutation.state.variables as
      Partial<KeyedVariables<unknown>> | undefined;
    if (variables?.idempotencyKey !== idempotencyKey) return;
    if (event.action.type === 'pause') {
      unsubscribe();
      onPaused();
    } else if (event.action.type === 'success' || event.action.type === 'error') {
      unsubscribe();
    }
  });
}

/** The mutation keys of every write registered so far, e.g. `['bank-details', 'set-active']`. */
export function registeredWriteKeys(): QueryKey[] {
  return [...registeredWrites.values()].map((write) => write.mutationKey);
}

/** The form a refused queued write can be edited in; undefined when it has none. */
export function retryFormOf(mutationKey: QueryKey | undefined, variables: unknown) {
  const [resource, verb] = mutationKey ?? [];
  const write = registeredWrites.get(`${String(resource)}:${String(verb)}`);
  const input = (variables as Partial<KeyedVariables<never>> | undefined)?.input;
  return write?.retryForm && input !== undefined ? write.retryForm(input) : undefined;
}
