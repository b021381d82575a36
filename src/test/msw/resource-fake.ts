import { http, type HttpHandler } from 'msw';
import type { z } from 'zod';
import type { Paged } from '../../../contract/common.ts';
import type { FailureCode } from '../../../contract/errors.ts';
import { fieldErrorOf, validationErrorMap } from '../../../contract/validation.ts';
import { fail, ok, validationFailed } from './envelope';
import { paginate, QueryError, type PagingRules } from './paging';

export const TEST_ORGANIZATION_ID = '0190a1b2-0000-7000-8000-000000000001';

export function testId(n: number) {
  return `0190a1b2-0000-7000-8000-${String(n).padStart(12, '0')}`;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** The fields the server gives every stored record, numbered `n` and first saved at `createdAt`. */
export function storedFields(n: number, createdAt: string) {
  return {
    _id: testId(n),
    organizationId: TEST_ORGANIZATION_ID,
    version: 1,
    createdAt,
    updatedAt: createdAt,
  };
}

/** The request's JSON body: none for GET and DELETE, nor when it is not JSON. */
export async function jsonBodyOf(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'DELETE') return undefined;
  return request
    .clone()
    .json()
    .catch(() => undefined);
}

/** Keeps a request with the body read from it, for the test to read back; returns the body. */
export function keepRequest<B>(requests: RecordedRequest[], request: Request, body: B): B {
  requests.push({
    method: request.method,
    url: new URL(request.url),
    headers: request.headers,
    body,
  });
  return body;
}

interface StoredRecord {
  _id: string;
  organizationId: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** The part of a client resource definition (an area's `resource.ts`) the fake serves. */
interface FakeableResource {
  path: string;
  schemas: { create: z.ZodType; update: z.ZodType };
}

export interface ResourceFakeOptions<R extends StoredRecord> {
  resource: FakeableResource;
  records: R[];
  /** Every field of a new record the create body may leave out, as the server stores it. */
  blank: Omit<R, keyof StoredRecord>;
  list: PagingRules<R> & {
    /** Query key -> field that must equal the value exactly (compared as text). */
    exactFilters?: Record<string, keyof R & string>;
    /** Query key -> field and bound: `startDate: ['expenseDate', 'min']`. */
    rangeFilters?: Record<string, [keyof R & string, 'min' | 'max']>;
    /** Filters beyond these; consumes its keys from `search`. */
    filter?: (rows: R[], search: URLSearchParams) => R[];
    /** Reshapes a page as the resource's list route does (e.g. an extra flag). */
    shapePage?: (page: Paged<R>) => unknown;
  };
  /** `GET /all` sorted by this field; no pick list when left out. */
  pickListSort?: keyof R & string;
  /** Records still referenced elsewhere: deleting them is 409 `still_referenced`. */
  referencedIds?: string[];
  /** Recomputes what the server derives after a write (embedded names, totals). */
  derive?: (record: R) => R;
  /** A field no two records may share, compared ignoring case: 409 `duplicate` on that field. */
  unique?: keyof R & string;
  /** First number of the ids it gives new records. */
  firstId?: number;
}

/**
 * One in-memory resource with the API's envelope, paging, filtering, sorting and validation (the
 * contract's own schemas), for component tests. `requests` records every call; `failNext` makes
 * the next call fail with a status and, optionally, a code.
 */
export function createResourceFake<R extends StoredRecord>(options: ResourceFakeOptions<R>) {
  const { resource } = options;
  const records: R[] = [...options.records];
  const referenced = new Set(options.referencedIds ?? []);
  const requests: RecordedRequest[] = [];
  const failures: { status: number; message: string; code?: FailureCode }[] = [];
  let sequence = options.firstId ?? 9000;
  const base = `*/api${resource.path}`;

  const record = async (request: Request) =>
    keepRequest(requests, request, await jsonBodyOf(request));

  function takeFailure() {
    const failure = failures.shift();
    return failure ? fail(failure.status, failure.message, undefined, failure.code) : undefined;
  }

  function parse(schema: z.ZodType, body: unknown) {
    const parsed = schema.safeParse(body, { error: validationErrorMap });
    if (parsed.success) {
      const { organizationId: _organizationId, ...fields } = parsed.data as Record<string, unknown>;
      return { fields };
    }
    return { refusal: validationFailed(parsed.error.issues.map(fieldErrorOf)) };
  }

  const notFound = () => fail(404, 'Not found');
  const derive = options.derive ?? ((record: R) => record);
  const unique = options.unique;
  function duplicateOf(fields: Record<string, unknown>, exceptId?: string) {
    if (!unique || typeof fields[unique] !== 'string') return undefined;
    const wanted = fields[unique].toLowerCase();
    const taken = records.some(
      (item) => item._id !== exceptId && String(item[unique]).toLowerCase() === wanted,
    );
    if (!taken) return undefined;
    const message = 'Already exists';
    return fail(409, message, [{ path: unique, code: 'duplicate', message }], 'duplicate');
  }
  const handlers: HttpHandler[] = [
    http.get(base, async ({ request }) => {
      await record(request);
      const refusal = takeFailure();
      if (refusal) return refusal;
      const search = new URL(request.url).searchParams;
      let rows = options.list.filter ? options.list.filter(records, search) : records;
      for (const [key, field] of Object.entries(options.list.exactFilters ?? {})) {
        const wanted = search.get(key);
        search.delete(key);
        if (wanted) rows = rows.filter((row) => String(row[field]) === wanted);
      }
      for (const [key, [field, bound]] of Object.entries(options.list.rangeFilters ?? {})) {
        const limit = search.get(key);
        search.delete(key);
        if (!limit) continue;
        rows = rows.filter((row) =>
          bound === 'min' ? String(row[field]) >= limit : String(row[field]) <= limit,
        );
      }
      try {
        const page = paginate(rows, search, options.list);
        return ok(options.list.shapePage ? options.list.shapePage(page) : page);
      } catch (error) {
        if (!(error instanceof QueryError)) throw error;
        return validationFailed([
          { path: error.path, code: 'invalid_value', message: error.message },
        ]);
      }
    }),
  ];
  const pickListSort = options.pickListSort;
  if (pickListSort) {
    handlers.push(
      http.get(`${base}/all`, async ({ request }) => {
        await record(request);
        const refusal = takeFailure();
        if (refusal) return refusal;
        const sorted = [...records].sort((a, b) =>
          String(a[pickListSort]).localeCompare(String(b[pickListSort])),
        );
        return ok({ data: sorted });
      }),
    );
  }
  handlers.push(
    http.get(`${base}/:id`, async ({ request, params }) => {
      await record(request);
      const refusal = takeFailure();
      if (refusal) return refusal;
      const found = records.find((item) => item._id === params.id);
      return found ? ok(found) : notFound();
    }),
    http.post(base, async ({ request }) => {
      const body = await record(request);
      const refusal = takeFailure();
      if (refusal) return refusal;
      const { fields, refusal: invalid } = parse(resource.schemas.create, body);
      if (invalid) return invalid;
      const duplicate = duplicateOf(fields);
      if (duplicate) return duplicate;
      const now = new Date().toISOString();
      const created = {
        ...options.blank,
        ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value ?? null])),
        _id: testId((sequence += 1)),
        organizationId: TEST_ORGANIZATION_ID,
        version: 1,
        createdAt: now,
        updatedAt: now,
      } as R;
      records.unshift(derive(created));
      return ok(records[0], 'Created', 201);
    }),
    http.put(`${base}/:id`, async ({ request, params }) => {
      const body = await record(request);
      const refusal = takeFailure();
      if (refusal) return refusal;
      const index = records.findIndex((item) => item._id === params.id);
      const current = records[index];
      if (!current) return notFound();
      const { fields, refusal: invalid } = parse(resource.schemas.update, body);
      if (invalid) return invalid;
      // As the server: a save from an older read changes nothing and gets the record as it is.
      if (fields.version !== current.version) {
        return fail(409, 'Stale version', undefined, 'stale_version', current);
      }
      const duplicate = duplicateOf(fields, current._id);
      if (duplicate) return duplicate;
      const changes = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      const updated = derive({
        ...current,
        ...changes,
        version: current.version + 1,
        updatedAt: new Date().toISOString(),
      });
      records[index] = updated;
      return ok(updated);
    }),
    http.delete(`${base}/:id`, async ({ request, params }) => {
      await record(request);
      const refusal = takeFailure();
      if (refusal) return refusal;
      const index = records.findIndex((item) => item._id === params.id);
      if (index < 0) return notFound();
      if (referenced.has(String(params.id))) {
        return fail(409, 'Still referenced', undefined, 'still_referenced');
      }
      records.splice(index, 1);
      return ok({ _id: String(params.id) });
    }),
  );

  return {
    handlers,
    records,
    requests,
    /** Ids whose deletion is refused as still referenced; a test may add to it. */
    referenced,
    /** The next call (any method) answers with this status, message and code. */
    failNext(status: number, message: string, code?: FailureCode) {
      failures.push({ status, message, ...(code ? { code } : {}) });
    },
    requestsOf(method: string) {
      return requests.filter((request) => request.method === method);
    },
    /** Someone else saves the record: its fields change and its version moves on. */
    changeElsewhere(id: string, changes: Partial<Omit<R, keyof StoredRecord>>) {
      const index = records.findIndex((item) => item._id === id);
      const current = records[index];
      if (!current) throw new Error(`No record ${id} to change`);
      records[index] = derive({
        ...current,
        ...changes,
        version: current.version + 1,
        updatedAt: new Date().toISOString(),
      });
      return records[index];
    },
  };
}

export type ResourceFake<R extends StoredRecord> = ReturnType<typeof createResourceFake<R>>;
