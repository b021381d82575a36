import {
  keepPreviousData,
  onlineManager,
  queryOptions,
  useMutation,
  useQueryClient,
  type MutateOptions,
  type MutationFunction,
  type QueryClient,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';
import i18next, { type TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged, PickList } from '../../contract/common.ts';
import {
  ApiError,
  apiRequest,
  newIdempotencyKey,
  type HttpMethod,
  type SearchParamValue,
} from '@/lib/api-client';
import { errorText, MissingAuthStateError } from '@/lib/error-text';
import { notifyError, notifySuccess } from '@/lib/notify';
import { addPendingRecord, removePendingRecord } from '@/lib/offline/pending-records';
import { getOrganizationId, getUserId } from '@/stores/auth';

export { MissingAuthStateError };

const ORGANIZATION_MISSING = new MissingAuthStateError(
  'Organization ID not found in auth state',
  'ui:errors.organizationMissing',
);
const USER_MISSING = new MissingAuthStateError(
  'User ID not found in auth state',
  'ui:errors.userMissing',
);

// The app shell already reacts to these (sign-in redirect, /500 page, "not modified" toast), so a
// second, resource-specific toast would only repeat the bad news.
const GLOBALLY_HANDLED_STATUSES = new Set([304, 401, 500]);

/** The text to show for a failed request, in the interface language (see `errorText`). */
export function describeError(error: unknown, t: TFunction, fallbackKey: string): string {
  return errorText(error, t, fallbackKey);
}

export function isGloballyHandled(error: unknown) {
  return error instanceof ApiError && GLOBALLY_HANDLED_STATUSES.has(error.status);
}

/** i18n keys (`namespace:key`) for a resource's default texts. */
export interface ResourceMessages {
  created: string;
  updated: string;
  /** `null` when a delete should pass silently. */
  deleted: string | null;
  fetchListFailed: string;
  fetchOneFailed: string;
  fetchAllFailed?: string;
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
}

export interface ResourceConfig {
  /** First element of every query key, e.g. `'merchants'`. */
  name: string;
  /** Path under `/api`, e.g. `'/merchants'`. */
  path: string;
  messages: ResourceMessages;
  /** Other key prefixes refetched after every successful write, e.g. `[['worker-salaries', 'summary']]`. */
  invalidates?: QueryKey[];
  /** Writes also need the user: create gets `createdBy`, update gets `updatedBy`. */
  requireUser?: boolean;
}

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
export const QUEUED_TOAST_DURATION_MS = 4000;

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

export interface ActionConfig<TInput, TData> {
  method: Exclude<HttpMethod, 'GET'>;
  /** Path below the resource's path, e.g. `(id) => \`/${id}/set-active\``. */
  path: (input: TInput) => string;
  body?: (input: TInput) => unknown;
  /** i18n key of the success toast; `null` for none. */
  success: string | null;
  /** i18n key of the error toast's default text. */
  failure: string;
  /** Further prefixes to refetch, on top of the resource's own. */
  invalidates?: QueryKey[];
  /** Turns the envelope's `data` into the mutation's result. */
  select?: (data: unknown) => TData;
}

export interface ReadConfig<TParams, TData> {
  path: (params: TParams) => string;
  searchParams?: (params: TParams) => Record<string, SearchParamValue>;
  /** i18n key describing the failure (kept in the query's `meta.errorMessage`). */
  failure: string;
  /** A 404 means "there is none" (e.g. no active bank detail) rather than an error. */
  notFoundAsNull?: boolean;
  select?: (data: unknown) => TData;
}

/**
 * Every write runs in this one scope, so react-query sends them one after another in the order
 * they were made, also when a queue of paused (offline) writes is replayed. A failed write does
 * not hold up the rest: the next one starts as soon as it settles.
 */
export const WRITE_QUEUE_SCOPE = { id: 'karkhana-writes' } as const;

interface RegisteredWrite {
  mutationKey: QueryKey;
  mutationFn: MutationFunction<unknown, KeyedVariables<never>>;
  success: string | null;
  failure: string;
  invalidates: QueryKey[];
  /** For creates: the lists that show a placeholder while the write waits for the network. */
  pendingListPrefix?: QueryKey;
}

// Filled as resource modules load; a write restored from disk after a reload finds its request
// function here, since no component that made it is mounted any more.
const registeredWrites = new Map<string, RegisteredWrite>();

/**
 * Gives `client` a default for every write of every loaded resource: how to send it, and the
 * toasts and refetches that follow. Must run before paused writes are restored, because a
 * restored mutation takes its options from the defaults present at that moment.
 */
export function registerMutationDefaults(client: QueryClient, t: TFunction = i18next.t) {
  for (const write of registeredWrites.values()) {
    client.setMutationDefaults(write.mutationKey, {
      mutationFn: write.mutationFn as MutationFunction<unknown, unknown>,
      scope: WRITE_QUEUE_SCOPE,
      meta: { failureMessage: write.failure },
      onSuccess: () => {
        if (write.success) notifySuccess(t(write.success));
        for (const prefix of write.invalidates) void client.invalidateQueries({ queryKey: prefix });
      },
      onError: (error, variables) => {
        if (write.pendingListPrefix) dropPendingRecord(client, write.pendingListPrefix, variables);
        if (!isGloballyHandled(error)) notifyError(describeError(error, t, write.failure));
      },
    });
  }
}

function dropPendingRecord(client: QueryClient, listPrefix: QueryKey, variables: unknown) {
  const key = (variables as Partial<KeyedVariables<unknown>> | undefined)?.idempotencyKey;
  if (key) removePendingRecord(client, listPrefix, key);
}

export type UpdateInput<TBody> = { id: string; body: TBody };

interface WriteSpec<TInput, TData> {
  verb: string;
  method: Exclude<HttpMethod, 'GET'>;
  path: (input: TInput) => string;
  body?: (input: TInput) => unknown;
  success: string | null;
  failure: string;
  invalidates: QueryKey[];
  select: (data: unknown) => TData;
  /** Creates show the new record in the resource's lists while it waits for the network. */
  listsPendingRecord?: boolean;
}

/**
 * One factory for every area: query keys shaped `[resource, verb, params]`, `queryOptions` for the
 * standard reads and mutation hooks that send an Idempotency-Key, refetch the resource after
 * success and toast in the interface language. Areas declare their extra reads and actions with
 * `defineRead` and `defineAction`.
 */
export function createResource<
  TRecord,
  TListParams extends object,
  TCreateBody extends object,
  TUpdateBody extends object = Partial<TCreateBody>,
>(config: ResourceConfig) {
  const { name, path, messages } = config;
  const related = config.invalidates ?? [];
  const mutationFunctions = new Map<string, MutationFunction<unknown, KeyedVariables<never>>>();

  const keys = {
    all: [name] as const,
    lists: () => [name, 'list'] as const,
    list: (params: TListParams) => [name, 'list', params] as const,
    detail: (id: string) => [name, 'detail', id] as const,
    pickList: () => [name, 'all'] as const,
    custom: <TParams>(verb: string, params: TParams) => [name, verb, params] as const,
  };

  // The server takes the organization and the author from the session and ignores them in a
  // body, so they are not sent; a write still needs a signed-in organization (and user, where
  // the record names its author).
  const sessionBody = (body: object): Record<string, unknown> => {
    if (!getOrganizationId()) throw ORGANIZATION_MISSING;
    if (config.requireUser && !getUserId()) throw USER_MISSING;
    const {
      organizationId: _o,
      createdBy: _c,
      updatedBy: _u,
      ...rest
    } = body as Record<string, unknown>;
    return rest;
  };

  const queries = {
    list: (params: TListParams) =>
      queryOptions({
        queryKey: keys.list(params),
        queryFn: async ({ signal }) =>
          (
            await apiRequest<Paged<TRecord>>('GET', path, {
              searchParams: params as Record<string, SearchParamValue>,
              signal,
            })
          ).data,
        // Paging and filtering keep the previous page on screen instead of flashing skeletons.
        placeholderData: keepPreviousData,
        meta: { errorMessage: messages.fetchListFailed },
      }),
    detail: (id: string) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: async ({ signal }) =>
          (await apiRequest<TRecord>('GET', `${path}/${encodeURIComponent(id)}`, { signal })).data,
        meta: { errorMessage: messages.fetchOneFailed },
      }),
    all: () =>
      queryOptions({
        queryKey: keys.pickList(),
        queryFn: async ({ signal }) =>
          (await apiRequest<PickList<TRecord>>('GET', `${path}/all`, { signal })).data.data,
        meta: { errorMessage: messages.fetchAllFailed ?? messages.fetchListFailed },
      }),
  };

  function defineRead<TData, TParams = void>(verb: string, read: ReadConfig<TParams, TData>) {
    const select = read.select ?? ((data: unknown) => data as TData);
    return (params: TParams) =>
      queryOptions({
        queryKey: keys.custom(verb, params ?? null),
        queryFn: async ({ signal }): Promise<TData | null> => {
          try {
            const result = await apiRequest<unknown>('GET', `${path}${read.path(params)}`, {
              searchParams: read.searchParams?.(params),
              signal,
            });
            return select(result.data);
          } catch (error) {
            if (read.notFoundAsNull && error instanceof ApiError && error.status === 404)
              return null;
            throw error;
          }
        },
        meta: { errorMessage: read.failure },
      });
  }

  function registerWrite<TInput, TData>(spec: WriteSpec<TInput, TData>) {
    const mutationFn = async ({ input, idempotencyKey }: KeyedVariables<TInput>) => {
      const result = await apiRequest<unknown>(spec.method, `${path}${spec.path(input)}`, {
        json: spec.body?.(input),
        idempotencyKey,
      });
      return spec.select(result.data);
    };
    mutationFunctions.set(spec.verb, mutationFn);
    const pendingListPrefix = spec.listsPendingRecord ? keys.lists() : undefined;
    registeredWrites.set(`${name}:${spec.verb}`, {
      mutationKey: [name, spec.verb],
      mutationFn,
      success: spec.success,
      failure: spec.failure,
      invalidates: [keys.all, ...spec.invalidates],
      pendingListPrefix,
    });

    return function useResourceMutation(): KeyedMutationResult<TData, TInput> {
      const queryClient = useQueryClient();
      const { t } = useTranslation();
      const mutation = useMutation<TData, Error, KeyedVariables<TInput>>({
        mutationKey: [name, spec.verb],
        mutationFn,
        scope: WRITE_QUEUE_SCOPE,
        meta: { failureMessage: spec.failure },
        // Runs before react-query pauses an offline write, so the entry shows up at once. A
        // restored write does not run it again: its placeholder came back with the cached list.
        onMutate: ({ input, idempotencyKey }) => {
          if (pendingListPrefix && !onlineManager.isOnline()) {
            addPendingRecord(queryClient, pendingListPrefix, idempotencyKey, input as object);
          }
        },
        onSuccess: () => {
          if (spec.success) notifySuccess(t(spec.success));
          // Not awaited: the write is done; an offline refetch must not keep it "pending".
          for (const prefix of [keys.all, ...spec.invalidates]) {
            void queryClient.invalidateQueries({ queryKey: prefix });
          }
        },
        onError: (error, variables) => {
          if (pendingListPrefix) dropPendingRecord(queryClient, pendingListPrefix, variables);
          if (!isGloballyHandled(error)) notifyError(describeError(error, t, spec.failure));
        },
      });
      const { mutate: rawMutate, mutateAsync: rawMutateAsync } = mutation;
      // The key is fixed here, once per call, and travels in the variables: react-query's retries
      // and a replay of a paused (offline) mutation reuse it, so the server applies it once.
      const mutate = useCallback(
        (input: TInput, options?: WriteOptions<TData, TInput>) => {
          const { onQueued, ...mutateOptions } = options ?? {};
          // Offline, react-query holds the write until the network returns; the caller should
          // not wait for that, and the user should know the entry is safe on this device.
          const queued = !onlineManager.isOnline();
          rawMutate(
            { input, idempotencyKey: newIdempotencyKey(), queuedOffline: queued },
            mutateOptions,
          );
          if (queued) {
            notifySuccess(t('common:offline.queued'), { duration: QUEUED_TOAST_DURATION_MS });
            onQueued?.();
          }
        },
        [rawMutate, t],
      );
      const mutateAsync = useCallback(
        (input: TInput, options?: MutateOptions<TData, Error, KeyedVariables<TInput>>) =>
          rawMutateAsync({ input, idempotencyKey: newIdempotencyKey() }, options),
        [rawMutateAsync],
      );
      return useMemo(() => ({ ...mutation, mutate, mutateAsync }), [mutation, mutate, mutateAsync]);
    };
  }

  const useCreate = registerWrite<TCreateBody, TRecord>({
    verb: 'create',
    method: 'POST',
    path: () => '',
    body: (input) => sessionBody(input),
    success: messages.created,
    failure: messages.createFailed,
    invalidates: related,
    select: (data) => data as TRecord,
    listsPendingRecord: true,
  });

  const useUpdate = registerWrite<UpdateInput<TUpdateBody>, TRecord>({
    verb: 'update',
    method: 'PUT',
    path: ({ id }) => `/${encodeURIComponent(id)}`,
    body: ({ body }) => sessionBody(body),
    success: messages.updated,
    failure: messages.updateFailed,
    invalidates: related,
    select: (data) => data as TRecord,
  });

  const useRemove = registerWrite<string, { _id: string }>({
    verb: 'delete',
    method: 'DELETE',
    path: (id) => `/${encodeURIComponent(id)}`,
    success: messages.deleted,
    failure: messages.deleteFailed,
    invalidates: related,
    select: (data) => data as { _id: string },
  });

  function defineAction<TInput, TData = TRecord>(
    verb: string,
    action: ActionConfig<TInput, TData>,
  ) {
    return registerWrite<TInput, TData>({
      verb,
      method: action.method,
      path: action.path,
      body: action.body,
      success: action.success,
      failure: action.failure,
      invalidates: [...related, ...(action.invalidates ?? [])],
      select: action.select ?? ((data) => data as TData),
    });
  }

  /**
   * `[mutationKey, mutationFn]` of every write, for `queryClient.setMutationDefaults`, so paused
   * writes restored after a reload can be resumed with the key they were created with.
   */
  function mutationDefaults(): Array<{
    mutationKey: QueryKey;
    mutationFn: MutationFunction<unknown, KeyedVariables<never>>;
  }> {
    return [...mutationFunctions].map(([verb, mutationFn]) => ({
      mutationKey: [name, verb],
      mutationFn,
    }));
  }

  return {
    name,
    path,
    messages,
    keys,
    queries,
    useCreate,
    useUpdate,
    useRemove,
    defineRead,
    defineAction,
    mutationDefaults,
  };
}
