import {
  keepPreviousData,
  queryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { AnyT, NamespaceWith, TranslationKey } from '@/lib/translation-keys';
import type { z } from 'zod';
import type { Paged, PickList } from '../../contract/common.ts';
import type { Permission } from '../../contract/permissions.ts';
import { ApiError, apiRequest, type HttpMethod, type SearchParamValue } from '@/lib/api-client';
import { errorText, MissingAuthStateError } from '@/lib/error-text';
import { PENDING_CHANGE_FIELD, patchCachedRecords } from '@/lib/offline/pending-records';
import { createWriteHook, type ShowChangeContext, type WriteSpec } from '@/lib/resource-writes';
import { getOrganizationId, getUserId } from '@/stores/auth';

export {
  isGloballyHandled,
  registerMutationDefaults,
  WRITE_QUEUE_SCOPE,
  type KeyedVariables,
} from '@/lib/resource-writes';

const ORGANIZATION_MISSING = new MissingAuthStateError(
  'Organization ID not found in auth state',
  'ui:errors.organizationMissing',
);
const USER_MISSING = new MissingAuthStateError(
  'User ID not found in auth state',
  'ui:errors.userMissing',
);

/** The text to show for a failed request, in the interface language (see `errorText`). */
export function describeError(error: unknown, t: AnyT, fallbackKey: TranslationKey): string {
  return errorText(error, t, fallbackKey);
}

/** i18n keys (`namespace:key`) for a resource's default texts. */
export interface ResourceMessages {
  created: TranslationKey;
  updated: TranslationKey;
  /** `null` when a delete should pass silently. */
  deleted: TranslationKey | null;
  fetchListFailed: TranslationKey;
  fetchOneFailed: TranslationKey;
  fetchAllFailed: TranslationKey;
  createFailed: TranslationKey;
  updateFailed: TranslationKey;
  deleteFailed: TranslationKey;
}

type ConventionalKey =
  | 'toast.created'
  | 'toast.updated'
  | 'errors.fetchList'
  | 'errors.fetchOne'
  | 'errors.create'
  | 'errors.update'
  | 'errors.delete';

/** A namespace that words every default text of a resource (a deletion toast is optional). */
export type ResourceNamespace = NamespaceWith<ConventionalKey>;
type DeletionToastNamespace = NamespaceWith<'toast.deleted'>;

/**
 * How a definition names its texts: a namespace without `toast.deleted` must say what a deletion
 * shows (`null`: nothing), so a missing key fails the typecheck instead of showing the raw key.
 */
type ResourceTexts =
  | { namespace: ResourceNamespace & DeletionToastNamespace; messages?: Partial<ResourceMessages> }
  | {
      namespace: ResourceNamespace;
      messages: Partial<ResourceMessages> & Pick<ResourceMessages, 'deleted'>;
    };

/** The texts every area keeps under the same keys of its namespace. */
function conventionalMessages(texts: ResourceTexts): ResourceMessages {
  const { namespace } = texts;
  return {
    created: `${namespace}:toast.created`,
    updated: `${namespace}:toast.updated`,
    deleted:
      texts.messages?.deleted !== undefined
        ? texts.messages.deleted
        : // The union above makes this namespace one with `toast.deleted`.
          `${namespace as DeletionToastNamespace}:toast.deleted`,
    fetchListFailed: `${namespace}:errors.fetchList`,
    fetchOneFailed: `${namespace}:errors.fetchOne`,
    fetchAllFailed: `${namespace}:errors.fetchList`,
    createFailed: `${namespace}:errors.create`,
    updateFailed: `${namespace}:errors.update`,
    deleteFailed: `${namespace}:errors.delete`,
  };
}

/** A resource's contract schemas: the record it reads, the bodies it writes, its list query. */
export interface ResourceSchemas {
  record: z.ZodType;
  create: z.ZodType;
  update: z.ZodType;
  listQuery: z.ZodType;
}

/** Everything the client knows about one resource, written once (see `src/features/designs/resource.ts`). */
export type ResourceDefinition<S extends ResourceSchemas> = ResourceTexts & {
  /** First element of every query key, e.g. `'merchants'`; the namespace when left out. */
  name?: string;
  /** Path under `/api`, e.g. `'/merchants'`; `/<name>` when left out. */
  path?: string;
  schemas: S;
  /** Other resources whose reads show this one's data (orders embed merchant names). */
  related?: readonly string[];
  /** The record names its author, so a write needs a signed-in user too. */
  requireUser?: boolean;
  /** How the resource's writes look before the server has them (see `OfflineShapes`). */
  offline?: OfflineShapes<S>;
  /** What of it a day on the floor needs on the device (see `src/lib/offline/working-set.ts`). */
  workingSet?: WorkingSetDeclaration<ListParamsOf<S>>;
};

/**
 * The part of a resource kept on the device for working offline, refreshed in the background.
 * Records are kept under their detail key, where an edit page looks for them.
 */
export interface WorkingSetDeclaration<TListParams> {
  /** The matrix permission that reads it: a role without it does not ask (and get 403). */
  permission: Permission;
  /** The pick list (`GET /all`) that forms choose from. */
  pickList?: boolean;
  /** The list's first page as its page opens it, so the list (and each row's record) opens offline. */
  firstPage?: boolean;
  /**
   * Every record one of these lists (filter and sort) holds, up to `max` records over all of
   * them: sorted so that the work due first is the work kept when there is more than `max`.
   */
  records?: { lists: readonly TListParams[]; max: number };
}

/**
 * What a write made offline shows until it is sent. Without these a created record is listed
 * with what its form sent and an edit merges its body into the record; a resource whose records
 * carry more (names of what they point to, totals, a status) or whose writes change other
 * records (work logged on a card) says how here.
 */
interface OfflineShapes<S extends ResourceSchemas> {
  created?: (client: QueryClient, input: CreateBodyOf<S>) => Partial<RecordOf<S>>;
  /** Records of other resources a create changes (a payment lowers its bills' balances). */
  afterCreate?: (client: QueryClient, input: CreateBodyOf<S>, context: ShowChangeContext) => void;
  edited?: (client: QueryClient, record: RecordOf<S>, body: UpdateBodyOf<S>) => RecordOf<S>;
  /**
   * The page where its records are made and changed (the board, the register): a refused write
   * that has no form of its own in `forms` is done again there ("Edit and retry").
   */
  page?: string;
  /** The pages that edit a refused create or edit (see `RetryForm`). */
  forms?: {
    create: string;
    /** The create form's draft id and its values made from a create's input. */
    draft?: { formId: string; values: (input: CreateBodyOf<S>) => Record<string, unknown> };
    edit: (id: string) => string;
  };
}

export type RecordOf<S extends ResourceSchemas> = z.output<S['record']>;
export type ListParamsOf<S extends ResourceSchemas> = Partial<z.output<S['listQuery']>>;
export type CreateBodyOf<S extends ResourceSchemas> = z.output<S['create']>;
export type UpdateBodyOf<S extends ResourceSchemas> = z.output<S['update']>;

export type UpdateInput<TBody> = { id: string; body: TBody };

export interface ActionConfig<TInput, TData> {
  method: Exclude<HttpMethod, 'GET'>;
  /** Path below the resource's path, e.g. `(id) => \`/${id}/set-active\``. */
  path: (input: TInput) => string;
  body?: (input: TInput) => unknown;
  /** i18n key of the success toast; `null` for none. */
  success: TranslationKey | null;
  /** i18n key of the error toast's default text. */
  failure: TranslationKey;
  /** Further prefixes to refetch, on top of the resource's own. */
  invalidates?: QueryKey[];
  /** Turns the envelope's `data` into the mutation's result. */
  select?: (data: unknown) => TData;
  /** What the action changes in cached records before the server answers. */
  showChange?: (client: QueryClient, input: TInput, context: ShowChangeContext) => void;
  /** Show it while the request is out online too (a card's move), not only offline. */
  showsChangeOnline?: boolean;
  /** Where a refused action is done again; the resource's `offline.page` when not given. */
  retryPage?: (input: TInput) => string;
}

export interface ReadConfig<TParams, TData> {
  /** Path below the resource's path; or, with `absolute`, the whole path under `/api`. */
  path: (params: TParams) => string;
  /** A report kept under the resource's key (so its writes refresh it) but served elsewhere. */
  absolute?: boolean;
  searchParams?: (params: TParams) => Record<string, SearchParamValue>;
  /** i18n key describing the failure (kept in the query's `meta.errorMessage`). */
  failure: TranslationKey;
  /** A 404 means "there is none" (e.g. no active bank detail) rather than an error. */
  notFoundAsNull?: boolean;
  /** Keep the previous result on screen while new parameters load (reports, filters). */
  keepPrevious?: boolean;
  select?: (data: unknown) => TData;
}

/**
 * One factory for every area: query keys shaped `[resource, verb, params]`, `queryOptions` for the
 * standard reads and mutation hooks that send an Idempotency-Key, refetch the resource after
 * success and toast in the interface language, all typed from the contract's schemas. Extra reads
 * and actions are declared with `defineRead` and `defineAction`.
 */
export function createResource<S extends ResourceSchemas>(definition: ResourceDefinition<S>) {
  type TRecord = RecordOf<S>;
  type TListParams = ListParamsOf<S>;
  const { namespace } = definition;
  // Most areas use one word for their texts, their query keys and their API path.
  const name = definition.name ?? namespace;
  const path = definition.path ?? `/${name}`;
  const messages: ResourceMessages = {
    ...conventionalMessages(definition),
    ...definition.messages,
  };
  const related: QueryKey[] = (definition.related ?? []).map((other) => [other]);
  const resource = { name, path };
  const retryPage = definition.offline?.page;
  const onRetryPage = retryPage === undefined ? undefined : { path: retryPage };

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
    if (definition.requireUser && !getUserId()) throw USER_MISSING;
    const {
      organizationId: _organizationId,
      createdBy: _createdBy,
      updatedBy: _updatedBy,
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
    /** Every record of the organization, for pickers (`GET /all`). */
    all: () =>
      queryOptions({
        queryKey: keys.pickList(),
        queryFn: async ({ signal }) =>
          (await apiRequest<PickList<TRecord>>('GET', `${path}/all`, { signal })).data.data,
        meta: { errorMessage: messages.fetchAllFailed },
      }),
  };

  function defineRead<TData, TParams = void>(verb: string, read: ReadConfig<TParams, TData>) {
    const select = read.select ?? ((data: unknown) => data as TData);
    return (params: TParams) =>
      queryOptions({
        queryKey: keys.custom(verb, params ?? null),
        queryFn: async ({ signal }): Promise<TData | null> => {
          const url = read.absolute ? read.path(params) : `${path}${read.path(params)}`;
          try {
            const result = await apiRequest<unknown>('GET', url, {
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
        ...(read.keepPrevious ? { placeholderData: keepPreviousData } : {}),
        meta: { errorMessage: read.failure },
      });
  }

  const write = <TInput, TData>(spec: WriteSpec<TInput, TData>) =>
    createWriteHook<TInput, TData>(resource, spec);
  const asRecord = (data: unknown) => data as TRecord;

  const useCreate = write<CreateBodyOf<S>, TRecord>({
    verb: 'create',
    method: 'POST',
    path: () => '',
    body: (input) => sessionBody(input as object),
    success: messages.created,
    failure: messages.createFailed,
    invalidates: related,
    select: asRecord,
    listsPendingRecord: true,
    ...(definition.offline?.created
      ? {
          pendingRecord: definition.offline.created,
        }
      : {}),
    ...(definition.offline?.afterCreate ? { showChange: definition.offline.afterCreate } : {}),
    retryForm: (input) => {
      const forms = definition.offline?.forms;
      if (!forms) return onRetryPage;
      const draft = forms.draft;
      return {
        path: forms.create,
        ...(draft ? { draft: { formId: draft.formId, values: draft.values(input) } } : {}),
      };
    },
  });

  // The server bumps the version on every write: a second edit made offline is sent over it.
  const showEdit = (
    client: QueryClient,
    { id, body }: UpdateInput<UpdateBodyOf<S>>,
    context: ShowChangeContext,
  ) => {
    patchCachedRecords<TRecord & { version: number }>(client, keys.all, id, (record) => {
      const edited: object = definition.offline?.edited
        ? (definition.offline.edited(client, record, body) as object)
        : { ...record, ...(body as object) };
      return {
        ...edited,
        version: record.version + 1,
        ...(context.queued ? { [PENDING_CHANGE_FIELD]: true } : {}),
      } as TRecord & { version: number };
    });
  };

  const useUpdate = write<UpdateInput<UpdateBodyOf<S>>, TRecord>({
    verb: 'update',
    method: 'PUT',
    path: ({ id }) => `/${encodeURIComponent(id)}`,
    body: ({ body }) => sessionBody(body as object),
    success: messages.updated,
    failure: messages.updateFailed,
    invalidates: related,
    select: asRecord,
    showChange: showEdit,
    retryForm: ({ id }) => {
      const forms = definition.offline?.forms;
      return forms ? { path: forms.edit(id) } : onRetryPage;
    },
  });

  const useRemove = write<string, { _id: string }>({
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
    return write<TInput, TData>({
      verb,
      method: action.method,
      path: action.path,
      body: action.body,
      success: action.success,
      failure: action.failure,
      invalidates: [...related, ...(action.invalidates ?? [])],
      select: action.select ?? ((data) => data as TData),
      ...(action.showChange ? { showChange: action.showChange } : {}),
      ...(action.showsChangeOnline ? { showsChangeOnline: true } : {}),
      retryForm: (input) => {
        const page = action.retryPage?.(input);
        return page === undefined ? onRetryPage : { path: page };
      },
    });
  }

  return {
    name,
    path,
    namespace,
    schemas: definition.schemas,
    messages,
    workingSet: definition.workingSet,
    keys,
    queries,
    useCreate,
    useUpdate,
    useRemove,
    defineRead,
    defineAction,
  };
}
